import type { Db } from '../../db/connection';
import { AppError } from '../errors';
import { addMs, hours, nowIso } from '../time';

/**
 * Invitations per hour: each invitation sends an e-mail naming the organisation,
 * and each answer says whether a username exists, so both the inviter and the organisation get a
 * budget. Every attempt counts, known name or not (table invitation_attempts, migration
 * 2026-11-24_001).
 */
export interface InvitationLimits {
  perInviter: number;
  perOrganization: number;
}

export const invitationWindowMs = hours(1);
export const defaultInvitationLimits: InvitationLimits = { perInviter: 20, perOrganization: 50 };

export const invitationLimitMessages = {
  tooMany: 'Zu viele Einladungen in kurzer Zeit. Bitte versuchen Sie es in einer Stunde erneut.',
} as const;

async function attemptsSince(db: Db, column: 'inviterId' | 'organizationId', id: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('invitationAttempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Refuses with 429 when either budget is spent, otherwise records this attempt. Count and insert in
 * one transaction: two invitations at once cannot both take the last place.
 */
export async function recordInvitationAttempt(db: Db, organizationId: number, inviterId: number, limits = defaultInvitationLimits): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const since = addMs(now, -invitationWindowMs);
    const byInviter = await attemptsSince(trx, 'inviterId', inviterId, since);
    const byOrganization = await attemptsSince(trx, 'organizationId', organizationId, since);
    if (byInviter >= limits.perInviter || byOrganization >= limits.perOrganization) {
      throw new AppError(429, 'RATE_LIMITED', invitationLimitMessages.tooMany);
    }
    await trx.insertInto('invitationAttempts').values({ organizationId, inviterId, createdAt: now }).execute();
  });
}

/** Attempts older than the window count for nothing: the hourly job drops them (plugins/jobs.ts). */
export async function purgeOldInvitationAttempts(db: Db): Promise<number> {
  const result = await db.deleteFrom('invitationAttempts').where('createdAt', '<', addMs(nowIso(), -invitationWindowMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
