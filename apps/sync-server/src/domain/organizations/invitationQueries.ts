import type { InvitationListItem, OpenInvitationItem } from '@sanidok/schema';
import { normalizeInvitationEmail } from '@sanidok/schema';
import type { ExpressionBuilder } from 'kysely';
import type { Database, UserRow } from '../../db/database';
import type { QueryContext } from '../context';
import { nowIso } from '../time';
import { authorize } from './policy';

/**
 * The rule of who an invitation reaches (docs/decisions.md "Invitations that wait"): the account
 * that holds the invited name, or the account whose address is the invited one AND confirmed
 * (domain/accounts/emailVerification.ts). An unconfirmed address reaches nothing: anyone can
 * type any address into a profile. Read each time, never stored: a name registered later, an
 * address confirmed later, or an address changed away all count at once.
 */
export function addressedTo(user: Pick<UserRow, 'usernameKey' | 'email' | 'emailVerifiedAt'>) {
  return (eb: ExpressionBuilder<Database & { i: Database['organizationInvitations'] }, 'i'>) =>
    eb.or([
      eb('i.invitedUsernameKey', '=', user.usernameKey),
      ...(user.email && user.emailVerifiedAt !== null ? [eb('i.invitedEmail', '=', normalizeInvitationEmail(user.email))] : []),
    ]);
}

/** Open, unexpired invitations that reach me, to organisations I am not a member of yet. */
export async function listMyInvitations(ctx: QueryContext): Promise<InvitationListItem[]> {
  const { db, user } = ctx;
  const rows = await db
    .selectFrom('organizationInvitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organizationId')
    .leftJoin('users as inviter', 'inviter.id', 'i.invitedBy')
    .select(['i.id', 'i.role', 'i.createdAt', 'i.expiresAt', 'o.id as organizationId', 'o.name as organizationName', 'inviter.username as inviterUsername'])
    .where(addressedTo(user))
    .where('i.status', '=', 'pending')
    .where('i.expiresAt', '>', nowIso())
    .where((eb) => eb.not(eb.exists(eb.selectFrom('organizationMembers as m').select('m.id').whereRef('m.organizationId', '=', 'i.organizationId').where('m.userId', '=', user.id))))
    .orderBy('i.createdAt', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    organization: { id: r.organizationId, name: r.organizationName },
    inviter: { username: r.inviterUsername },
  }));
}

/** The organisation's open invitations, expired ones flagged (they can be sent again): owner and admins. */
export async function listOpenInvitations(ctx: QueryContext, organizationId: unknown): Promise<OpenInvitationItem[]> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'invite', false);
  const rows = await ctx.db
    .selectFrom('organizationInvitations as i')
    .leftJoin('users as inviter', 'inviter.id', 'i.invitedBy')
    .select(['i.id', 'i.invitedUsername', 'i.invitedEmail', 'i.role', 'i.createdAt', 'i.lastSentAt', 'i.expiresAt', 'inviter.username as invitedBy'])
    .where('i.organizationId', '=', organization.id)
    .where('i.status', '=', 'pending')
    .orderBy('i.lastSentAt', 'desc')
    .limit(500)
    .execute();
  const now = nowIso();
  return rows.map((r) => ({
    id: r.id,
    invitee: r.invitedEmail ?? r.invitedUsername ?? '',
    kind: r.invitedEmail ? 'email' : 'username',
    role: r.role,
    invitedBy: r.invitedBy,
    createdAt: r.createdAt,
    lastSentAt: r.lastSentAt,
    expiresAt: r.expiresAt,
    expired: r.expiresAt <= now,
  }));
}
