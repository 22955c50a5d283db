import { verifyKeyRotation, verifyPassword } from '@sanidok/crypto';
import type { OrganizationListItem } from '@sanidok/schema';
import { archiveMessages, rotateOrganizationKeySchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { OrganizationRow } from '../../db/database';
import type { CommandContext } from '../context';
import { AppError, conflict, validate } from '../errors';
import { authorize } from '../organizations/policy';
import { assertFingerprintMatches } from '../organizations/publicKeys';
import { logOrganizationEvent } from '../accessLogs/organizationEvents';
import { mailKeyRotated } from '../mail/events';
import { getMyOrganization } from '../organizations/queries';
import { nowIso } from '../time';
import { refuseSecret } from './access';
import { liveKeyChangeNonce, spendKeyChangeChallenge } from './keyChallenges';
import { clearProofAfterReset } from '../accounts/ownerProof';

/**
 * POST /api/organizations/{orgId}/generate-key (docs/spec/accounts.md §7) as a key rotation: the server cannot
 * generate the key (it never holds secrets), so the owner's browser makes a new secret and sends
 * its public keys, with the owner's password as confirmation and a signature over them and a fresh
 * challenge's nonce by the current organisation key — never a retired one, and never a message
 * seen before (docs/security.md, "Key rotation"; docs/decisions.md "Proofs a platform admin cannot
 * forge"): a session and a password — all a platform admin gets by resetting the owner's password —
 * are not enough. The signature proves the key, so it also lifts a password reset's hold on the
 * owner (../accounts/ownerProof.ts). From then on discharges are sealed
 * to the new key; records sealed earlier stay sealed to the earlier key (kept in
 * organization_retired_keys, so its archive proof still verifies). Written to the access log.
 * The owner is told by e-mail. The answer is the organisation list item — never a secret.
 */
export async function rotateOrganizationKey(ctx: CommandContext, organizationId: unknown, body: unknown): Promise<OrganizationListItem> {
  refuseSecret(body);
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey');
  const data = validate(rotateOrganizationKeySchema, body);
  const nonce = await liveKeyChangeNonce(ctx.db, data.challengeId, { userId: ctx.user.id, organizationId: organization.id }, 'rotation');
  if (!(await verifyPassword(ctx.user.passwordHash, data.currentPassword))) {
    throw new AppError(400, 'VALIDATION', archiveMessages.wrongPassword, { currentPassword: archiveMessages.wrongPassword });
  }
  await assertFingerprintMatches(data);
  if (data.keyFingerprint === organization.keyFingerprint) throw conflict(archiveMessages.keyUnchanged);
  if (!(await verifyKeyRotation(organization.signingPublicKey, organization.id, nonce, data, data.rotationSignature))) {
    // The owner sees the attempt: a session with the right password but without the key is what
    // a taken-over account looks like.
    await logOrganizationEvent(ctx.db, ctx, organization.id, `Schlüsselwechsel abgelehnt: nicht mit dem aktuellen Organisationsschlüssel bestätigt (Fingerabdruck ${data.keyFingerprint})`);
    throw new AppError(403, 'FORBIDDEN', archiveMessages.rotationNotSigned);
  }

  await ctx.db.transaction().execute(async (trx) => {
    await spendKeyChangeChallenge(trx, data.challengeId, 'rotation');
    await clearProofAfterReset(trx, ctx.user.id);
    // Signed by a key the owner held: confirmed by that signature (a pending recovery is moot).
    await replaceOrganizationKey(trx, organization, data, { retiredById: ctx.user.id, confirmed: true });
    await trx
      .updateTable('organizationKeyRecoveries')
      .set({ status: 'cancelled', closedById: ctx.user.id, closedAt: nowIso() })
      .where('organizationId', '=', organization.id)
      .where('status', '=', 'pending')
      .execute();
    await logOrganizationEvent(
      trx, ctx, organization.id,
      `Organisationsschlüssel erneuert: neuer Fingerabdruck ${data.keyFingerprint}, bisheriger ${organization.keyFingerprint}, bestätigt mit Schlüssel ${organization.keyFingerprint}`,
    );
    await mailKeyRotated(trx, { id: organization.id, name: organization.name }, { keyFingerprint: data.keyFingerprint, changedBy: ctx.user.username, ipAddress: ctx.request.ipAddress });
  });
  const updated = await getMyOrganization(ctx, organization.id);
  if (!updated) throw new Error('Organisation nach dem Schlüsselwechsel nicht lesbar');
  return updated;
}

/**
 * Makes `keys` the organisation's current key and retires the one it replaces (its archive proof
 * keeps verifying). Going back to an earlier key makes it current again. Shared by the signed
 * rotation above and the recovery of a lost key (./keyRecovery.ts), which leaves it unconfirmed.
 */
export async function replaceOrganizationKey(
  trx: Db,
  organization: Pick<OrganizationRow, 'id' | 'keyFingerprint' | 'sealingPublicKey' | 'signingPublicKey'>,
  keys: { sealingPublicKey: string; signingPublicKey: string; keyFingerprint: string },
  how: { retiredById: number | null; confirmed: boolean },
): Promise<void> {
  const now = nowIso();
  await trx.deleteFrom('organizationRetiredKeys').where('organizationId', '=', organization.id).where('keyFingerprint', '=', keys.keyFingerprint).execute();
  await trx
    .insertInto('organizationRetiredKeys')
    .values({
      organizationId: organization.id, keyFingerprint: organization.keyFingerprint, sealingPublicKey: organization.sealingPublicKey,
      signingPublicKey: organization.signingPublicKey, retiredAt: now, retiredById: how.retiredById,
    })
    .execute();
  await trx
    .updateTable('organizations')
    .set({
      sealingPublicKey: keys.sealingPublicKey, signingPublicKey: keys.signingPublicKey, keyFingerprint: keys.keyFingerprint,
      keyUnconfirmedSince: how.confirmed ? null : now,
    })
    .where('id', '=', organization.id)
    .execute();
}
