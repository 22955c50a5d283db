import { verifyPassword } from '@sanidok/crypto';
import type { PendingKeyRecovery } from '@sanidok/schema';
import { approveKeyRecoverySchema, archiveMessages, keyRecoveryDelayHours, keyRecoveryMessages, requestKeyRecoverySchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError, conflict, forbidden, validate } from '../errors';
import { logOrganizationEvent } from '../accessLogs/organizationEvents';
import { mailKeyRecoveryRequested, mailKeyRotated } from '../mail/events';
import { authorize } from '../organizations/policy';
import { assertFingerprintMatches } from '../organizations/publicKeys';
import { addMs, hours, nowIso } from '../time';
import { refuseSecret } from './access';
import { liveKeyChangeNonce, spendKeyChangeChallenge } from './keyChallenges';
import { clearProofAfterReset, mustProveAfterReset, proofAfterResetRefused, proveSecondFactor } from '../accounts/ownerProof';
import { replaceOrganizationKey } from './keyRotation';

/**
 * The one way to a new organisation key without the old one (docs/security.md "Key recovery"):
 * an owner who lost the key registers a new one with the password and a fresh challenge; it takes
 * effect only 72 hours after it is vouched for, during which every member's device shows it, owner
 * and admins are mailed, and any of them can cancel. Vouched for means a proof a platform admin
 * cannot forge (../accounts/ownerProof.ts): the owner's second factor at the request, or later an
 * organisation admin's approval (approveKeyRecovery). After a password reset the owner cannot
 * start one at all until the second factor or the key is proven: the platform admin who reset the
 * password is the one this guards against (docs/decisions.md "Proofs a platform admin cannot forge").
 * After it takes effect the key stays "unconfirmed" — devices that knew the old key keep warning —
 * until the owner confirms.
 */
export async function requestKeyRecovery(ctx: CommandContext, organizationId: unknown, body: unknown): Promise<PendingKeyRecovery> {
  refuseSecret(body);
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey');
  const data = validate(requestKeyRecoverySchema, body);
  await liveKeyChangeNonce(ctx.db, data.challengeId, { userId: ctx.user.id, organizationId: organization.id }, 'recovery');
  if (!(await verifyPassword(ctx.user.passwordHash, data.currentPassword))) {
    throw new AppError(400, 'VALIDATION', archiveMessages.wrongPassword, { currentPassword: archiveMessages.wrongPassword });
  }
  await assertFingerprintMatches(data);
  if (data.keyFingerprint === organization.keyFingerprint) throw conflict(archiveMessages.keyUnchanged);
  const code = data.totpCode ?? '';
  try {
    if (code === '' && mustProveAfterReset(ctx.user)) throw proofAfterResetRefused();
    if (code !== '') await proveSecondFactor(ctx, code);
  } catch (error) {
    // The owner sees it: a session with the password but without the factor is what a taken-over account looks like.
    await logOrganizationEvent(ctx.db, ctx, organization.id, `Wiederherstellung des Organisationsschlüssels abgelehnt: kein gültiger zweiter Faktor (Fingerabdruck ${data.keyFingerprint})`);
    throw error;
  }
  const approved = code !== '';
  const requestedAt = nowIso();
  const effectiveAt = addMs(requestedAt, hours(keyRecoveryDelayHours));
  await ctx.db.transaction().execute(async (trx) => {
    await spendKeyChangeChallenge(trx, data.challengeId, 'recovery');
    const open = await trx.selectFrom('organizationKeyRecoveries').select('id').where('organizationId', '=', organization.id).where('status', '=', 'pending').executeTakeFirst();
    if (open) throw conflict(keyRecoveryMessages.alreadyPending);
    if (approved) await clearProofAfterReset(trx, ctx.user.id);
    await trx
      .insertInto('organizationKeyRecoveries')
      .values({
        organizationId: organization.id, sealingPublicKey: data.sealingPublicKey, signingPublicKey: data.signingPublicKey, keyFingerprint: data.keyFingerprint,
        status: 'pending', requestedById: ctx.user.id, requestedAt, effectiveAt, proof: approved ? 'totp' : null,
      })
      .execute();
    const how = approved ? `mit zweitem Faktor bestätigt, wirksam ab ${effectiveAt}` : 'wartet auf die Freigabe durch einen Administrator der Organisation';
    await logOrganizationEvent(trx, ctx, organization.id, `Wiederherstellung des Organisationsschlüssels angefordert: neuer Fingerabdruck ${data.keyFingerprint}, ${how}`);
    await mailKeyRecoveryRequested(trx, organization, { keyFingerprint: data.keyFingerprint, requestedBy: ctx.user.username, ipAddress: ctx.request.ipAddress, effectiveAt });
  });
  return { keyFingerprint: data.keyFingerprint, requestedBy: ctx.user.username, requestedAt, effectiveAt, approved };
}

/**
 * An organisation admin vouches for a recovery the owner could not prove with a second factor: its
 * 72 hours start now. Not the requester, not an admin who joined less than 72 hours before the
 * request (one the requester just invited), and not one whose own password was reset unproven.
 */
export async function approveKeyRecovery(ctx: CommandContext, organizationId: unknown, body: unknown): Promise<PendingKeyRecovery> {
  const { organization, memberSince } = await authorize(ctx.db, organizationId, ctx.user, 'approveKeyRecovery');
  const data = validate(approveKeyRecoverySchema, body ?? {});
  const recovery = await ctx.db.selectFrom('organizationKeyRecoveries').selectAll().where('organizationId', '=', organization.id).where('status', '=', 'pending').executeTakeFirst();
  if (!recovery || recovery.proof !== null) throw conflict(keyRecoveryMessages.noneToApprove);
  if (recovery.requestedById === ctx.user.id) throw forbidden(keyRecoveryMessages.approveOwn);
  if (addMs(memberSince, hours(keyRecoveryDelayHours)) > recovery.requestedAt) throw forbidden(keyRecoveryMessages.approverTooNew);
  if (mustProveAfterReset(ctx.user)) {
    if (!data.totpCode) throw forbidden(keyRecoveryMessages.approverReset);
    await proveSecondFactor(ctx, data.totpCode);
  }
  const approvedAt = nowIso();
  const effectiveAt = addMs(approvedAt, hours(keyRecoveryDelayHours));
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('organizationKeyRecoveries')
      .set({ proof: 'admin', approvedById: ctx.user.id, approvedAt, effectiveAt })
      .where('id', '=', recovery.id)
      .where('status', '=', 'pending')
      .where('proof', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(keyRecoveryMessages.noneToApprove);
    if (mustProveAfterReset(ctx.user)) await clearProofAfterReset(trx, ctx.user.id);
    await logOrganizationEvent(trx, ctx, organization.id, `Wiederherstellung des Organisationsschlüssels freigegeben (Fingerabdruck ${recovery.keyFingerprint}), wirksam ab ${effectiveAt}`);
    await mailKeyRecoveryRequested(trx, organization, { keyFingerprint: recovery.keyFingerprint, requestedBy: `${ctx.user.username} (Freigabe)`, ipAddress: ctx.request.ipAddress, effectiveAt });
  });
  const requester = recovery.requestedById === null ? undefined : await ctx.db.selectFrom('users').select('username').where('id', '=', recovery.requestedById).executeTakeFirst();
  return { keyFingerprint: recovery.keyFingerprint, requestedBy: requester?.username ?? null, requestedAt: recovery.requestedAt, effectiveAt, approved: true };
}

/** Owner or any admin of the organisation stops a pending recovery, vouched for or not. */
export async function cancelKeyRecovery(ctx: CommandContext, organizationId: unknown): Promise<void> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'cancelKeyRecovery', false);
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('organizationKeyRecoveries')
      .set({ status: 'cancelled', closedById: ctx.user.id, closedAt: nowIso() })
      .where('organizationId', '=', organization.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0) throw conflict(keyRecoveryMessages.noneToCancel);
    await logOrganizationEvent(trx, ctx, organization.id, 'Wiederherstellung des Organisationsschlüssels abgebrochen');
  });
}

/** The owner confirms a recovered key: devices stop warning and pin it. */
export async function confirmRecoveredKey(ctx: CommandContext, organizationId: unknown): Promise<void> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey', false);
  if (organization.keyUnconfirmedSince === null) throw conflict(keyRecoveryMessages.nothingToConfirm);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('organizations').set({ keyUnconfirmedSince: null }).where('id', '=', organization.id).execute();
    await logOrganizationEvent(trx, ctx, organization.id, `Wiederhergestellten Organisationsschlüssel bestätigt (Fingerabdruck ${organization.keyFingerprint})`);
  });
}

/**
 * Applies every vouched-for recovery whose waiting time is over (the jobs plugin, every few minutes): the
 * key is replaced as in a rotation but left unconfirmed, logged in the name of whoever asked, and
 * the owner is mailed as for every new key.
 */
export async function applyDueKeyRecoveries(db: Db, dataKey: string, now = nowIso()): Promise<number> {
  // Only vouched-for recoveries: one without a proof waits for an admin however long it waits.
  const due = await db.selectFrom('organizationKeyRecoveries').selectAll().where('status', '=', 'pending').where('proof', 'is not', null).where('effectiveAt', '<=', now).execute();
  for (const recovery of due) {
    await db.transaction().execute(async (trx) => {
      const organization = await trx.selectFrom('organizations').selectAll().where('id', '=', recovery.organizationId).executeTakeFirstOrThrow();
      const requester = recovery.requestedById === null ? undefined : await trx.selectFrom('users').selectAll().where('id', '=', recovery.requestedById).executeTakeFirst();
      await replaceOrganizationKey(trx, organization, recovery, { retiredById: recovery.requestedById, confirmed: false });
      await trx.updateTable('organizationKeyRecoveries').set({ status: 'applied', closedAt: now }).where('id', '=', recovery.id).execute();
      if (requester) {
        const ctx = { db: trx, user: requester, dataKey, request: { ipAddress: null, userAgent: 'SaniDok (Wiederherstellung nach Wartezeit)' } };
        await logOrganizationEvent(trx, ctx, organization.id, `Wiederhergestellter Organisationsschlüssel gilt: neuer Fingerabdruck ${recovery.keyFingerprint}, bisheriger ${organization.keyFingerprint}; noch nicht vom Inhaber bestätigt`);
      }
      await mailKeyRotated(trx, organization, { keyFingerprint: recovery.keyFingerprint, changedBy: `${requester?.username ?? 'unbekannt'} (Wiederherstellung)`, ipAddress: null });
    });
  }
  return due.length;
}
