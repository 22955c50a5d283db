import { verifyPassword } from '@sanidok/crypto';
import type { PendingKeyRecovery } from '@sanidok/schema';
import { archiveMessages, keyRecoveryDelayHours, keyRecoveryMessages, requestKeyRecoverySchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError, conflict, validate } from '../errors';
import { logOrganizationEvent } from '../accessLogs/organizationEvents';
import { mailKeyRecoveryRequested, mailKeyRotated } from '../mail/events';
import { authorize } from '../organizations/policy';
import { assertFingerprintMatches } from '../organizations/publicKeys';
import { addMs, hours, nowIso } from '../time';
import { refuseSecret } from './access';
import { replaceOrganizationKey } from './keyRotation';

/**
 * The one way to a new organisation key without the old one (docs/security.md "Key recovery"):
 * an owner who lost the key registers a new one with the password; it takes effect only after
 * 72 hours, during which every member's device shows it, owner and admins are mailed, and either
 * can cancel. A platform admin who took over the owner's account could start it too — but not
 * unseen, and not before the organisation's people could stop it. After it takes effect the key
 * stays "unconfirmed" — devices that knew the old key keep warning — until the owner confirms.
 */
export async function requestKeyRecovery(ctx: CommandContext, organizationId: unknown, body: unknown): Promise<PendingKeyRecovery> {
  refuseSecret(body);
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey');
  const data = validate(requestKeyRecoverySchema, body);
  if (!(await verifyPassword(ctx.user.passwordHash, data.currentPassword))) {
    throw new AppError(400, 'VALIDATION', archiveMessages.wrongPassword, { currentPassword: archiveMessages.wrongPassword });
  }
  await assertFingerprintMatches(data);
  if (data.keyFingerprint === organization.keyFingerprint) throw conflict(archiveMessages.keyUnchanged);
  const requestedAt = nowIso();
  const effectiveAt = addMs(requestedAt, hours(keyRecoveryDelayHours));
  await ctx.db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('organizationKeyRecoveries').select('id').where('organizationId', '=', organization.id).where('status', '=', 'pending').executeTakeFirst();
    if (open) throw conflict(keyRecoveryMessages.alreadyPending);
    await trx
      .insertInto('organizationKeyRecoveries')
      .values({
        organizationId: organization.id, sealingPublicKey: data.sealingPublicKey, signingPublicKey: data.signingPublicKey, keyFingerprint: data.keyFingerprint,
        status: 'pending', requestedById: ctx.user.id, requestedAt, effectiveAt,
      })
      .execute();
    await logOrganizationEvent(trx, ctx, organization.id, `Wiederherstellung des Organisationsschlüssels angefordert: neuer Fingerabdruck ${data.keyFingerprint}, wirksam ab ${effectiveAt}`);
    await mailKeyRecoveryRequested(trx, organization, { keyFingerprint: data.keyFingerprint, requestedBy: ctx.user.username, ipAddress: ctx.request.ipAddress, effectiveAt });
  });
  return { keyFingerprint: data.keyFingerprint, requestedBy: ctx.user.username, requestedAt, effectiveAt };
}

/** Owner or an admin of the organisation stops a pending recovery. */
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
 * Applies every recovery whose waiting time is over (the jobs plugin, every few minutes): the
 * key is replaced as in a rotation but left unconfirmed, logged in the name of whoever asked, and
 * the owner is mailed as for every new key.
 */
export async function applyDueKeyRecoveries(db: Db, dataKey: string, now = nowIso()): Promise<number> {
  const due = await db.selectFrom('organizationKeyRecoveries').selectAll().where('status', '=', 'pending').where('effectiveAt', '<=', now).execute();
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
