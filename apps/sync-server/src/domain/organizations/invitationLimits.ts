import type { Db } from '../../db/connection';
import { AppError } from '../errors';
import { addMs, hours, nowIso } from '../time';

/**
 * Invitations per hour (issue 15 item 5): each invitation sends an e-mail naming the organisation,
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

/** Refuses with 429 when either budget is spent, otherwise records this attempt. */
export async function recordInvitationAttempt(db: Db, organizationId: number, inviterId: number, limits = defaultInvitationLimits): Promise<void> {
  const now = nowIso();
  const since = addMs(now, -invitationWindowMs);
  const byInviter = await attemptsSince(db, 'inviterId', inviterId, since);
  const byOrganization = await attemptsSince(db, 'organizationId', organizationId, since);
  if (byInviter >= limits.perInviter || byOrganization >= limits.perOrganization) {
    throw new AppError(429, 'RATE_LIMITED', invitationLimitMessages.tooMany);
  }
  await db.insertInto('invitationAttempts').values({ organizationId, inviterId, createdAt: now }).execute();
}
