import { verifyPassword } from '@sanidok/crypto';
import type { OrganizationListItem } from '@sanidok/schema';
import { archiveMessages, rotateOrganizationKeySchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { AppError, conflict, validate } from '../errors';
import { authorize } from '../organizations/policy';
import { assertFingerprintMatches } from '../organizations/publicKeys';
import { getMyOrganization } from '../organizations/queries';
import { nowIso } from '../time';
import { refuseSecret } from './access';

/**
 * POST /api/organizations/{orgId}/generate-key (docs/spec/accounts.md §7) as a key rotation: the server cannot
 * generate the key (it never holds secrets), so the owner's browser makes a new secret and sends
 * its public keys, with the owner's password as confirmation. From then on discharges are sealed
 * to the new key; records sealed earlier stay sealed to the earlier key (kept in
 * organization_retired_keys, so its archive proof still verifies). Written to the access log.
 * The answer is the organisation list item — never a secret.
 */
export async function rotateOrganizationKey(ctx: CommandContext, organizationId: unknown, body: unknown): Promise<OrganizationListItem> {
  refuseSecret(body);
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey');
  const data = validate(rotateOrganizationKeySchema, body);
  if (!(await verifyPassword(ctx.user.passwordHash, data.currentPassword))) {
    throw new AppError(400, 'VALIDATION', archiveMessages.wrongPassword, { currentPassword: archiveMessages.wrongPassword });
  }
  await assertFingerprintMatches(data);
  if (data.keyFingerprint === organization.keyFingerprint) throw conflict(archiveMessages.keyUnchanged);

  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Going back to an earlier key makes it current again; the one replaced now is retired.
    await trx.deleteFrom('organizationRetiredKeys').where('organizationId', '=', organization.id).where('keyFingerprint', '=', data.keyFingerprint).execute();
    await trx
      .insertInto('organizationRetiredKeys')
      .values({
        organizationId: organization.id, keyFingerprint: organization.keyFingerprint, sealingPublicKey: organization.sealingPublicKey,
        signingPublicKey: organization.signingPublicKey, retiredAt: now, retiredById: ctx.user.id,
      })
      .execute();
    await trx
      .updateTable('organizations')
      .set({ sealingPublicKey: data.sealingPublicKey, signingPublicKey: data.signingPublicKey, keyFingerprint: data.keyFingerprint })
      .where('id', '=', organization.id)
      .execute();
    await trx
      .insertInto('accessLogs')
      .values({
        userId: ctx.user.id, organizationId: organization.id, serviceId: null, patientProtocolId: null, actionType: 'other', timestamp: now,
        ipAddress: ctx.request.ipAddress, userAgent: ctx.request.userAgent?.slice(0, 500) ?? null, userEmail: ctx.user.email,
        details: `Organisationsschlüssel erneuert: neuer Fingerabdruck ${data.keyFingerprint}, bisheriger ${organization.keyFingerprint}`, eventId: null,
      })
      .execute();
  });
  const updated = await getMyOrganization(ctx, organization.id);
  if (!updated) throw new Error('Organisation nach dem Schlüsselwechsel nicht lesbar');
  return updated;
}
