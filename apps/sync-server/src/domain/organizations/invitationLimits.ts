import type { Db } from '../../db/connection';
import { AppError } from '../errors';
import { addMs, days, hours, nowIso } from '../time';

/**
 * Invitations per hour and per day: each invitation may send an e-mail naming the organisation,
 * now also to addresses without an account, so the inviter and the organisation each get an
 * hourly budget and the organisation a daily one (docs/decisions.md "Invitations that wait").
 * Every attempt counts, known name or not, and every resend (table invitation_attempts,
 * migration 2026-11-24_001).
 */
export interface InvitationLimits {
  perInviter: number;
  perOrganization: number;
  perOrganizationPerDay: number;
}

export const invitationWindowMs = hours(1);
export const invitationDayMs = days(1);
export const defaultInvitationLimits: InvitationLimits = { perInviter: 20, perOrganization: 50, perOrganizationPerDay: 100 };

export const invitationLimitMessages = {
  tooMany: 'Zu viele Einladungen in kurzer Zeit. Bitte versuchen Sie es in einer Stunde erneut.',
  tooManyToday: 'Ihre Organisation hat heute schon zu viele Einladungen versendet. Bitte versuchen Sie es morgen erneut.',
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
 * Refuses with 429 when a budget is spent, otherwise records this attempt. Count and insert in
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
    if ((await attemptsSince(trx, 'organizationId', organizationId, addMs(now, -invitationDayMs))) >= limits.perOrganizationPerDay) {
      throw new AppError(429, 'RATE_LIMITED', invitationLimitMessages.tooManyToday);
    }
    await trx.insertInto('invitationAttempts').values({ organizationId, inviterId, createdAt: now }).execute();
  });
}

/** Attempts older than a day count for nothing: the hourly job drops them (plugins/jobs.ts). */
export async function purgeOldInvitationAttempts(db: Db): Promise<number> {
  const result = await db.deleteFrom('invitationAttempts').where('createdAt', '<', addMs(nowIso(), -invitationDayMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * How long an invitation stays once it is over (answered, withdrawn or expired): it may hold the
 * address of someone who never registered, so it does not stay for ever (docs/deletion.md).
 */
export const endedInvitationKeepMs = days(30);

/** Invitations over for longer than endedInvitationKeepMs leave the database (the daily job of plugins/jobs.ts). */
export async function purgeEndedInvitations(db: Db, now = nowIso()): Promise<number> {
  const before = addMs(now, -endedInvitationKeepMs);
  const result = await db.deleteFrom('organizationInvitations')
    .where((eb) => eb.or([
      eb.and([eb('status', '!=', 'pending'), eb('respondedAt', '<', before)]),
      eb.and([eb('status', '=', 'pending'), eb('expiresAt', '<', before)]),
    ]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
