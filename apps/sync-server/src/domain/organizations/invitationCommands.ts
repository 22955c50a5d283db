import { idParam, invitationMessages, invitationMailPauseMinutes, invitationValidDays, inviteMemberSchema, normalizeUsername, respondInvitationSchema } from '@sanidok/schema';
import type { UserRow } from '../../db/database';
import type { CommandContext } from '../context';
import { findUserByUsername } from '../accounts/usersRepository';
import { AppError, conflict, isUniqueViolation, notFound, validate } from '../errors';
import { addMs, days, minutes, nowIso } from '../time';
import type { InvitationLimits } from './invitationLimits';
import { recordInvitationAttempt } from './invitationLimits';
import { sendInvitationMail } from './invitationMails';
import { addressedTo } from './invitationQueries';
import { assertNotBlocked, authorize } from './policy';

export const invitationCommandMessages = {
  alreadyMember: 'Dieser Benutzer ist bereits Mitglied der Organisation.',
  invitationNotFound: 'Einladung nicht gefunden.',
} as const;

export interface InvitationSettings {
  limits?: InvitationLimits;
  /** The address of the app, for the mail to an address that may have no account yet. */
  appUrl: string;
}

const expiresFrom = (now: string) => addMs(now, days(invitationValidDays));

/**
 * Invites a username or an e-mail address; the invitation waits until an account holds the name
 * or has confirmed the address (invitationQueries.ts addressedTo). Unknown names, names invited
 * already and new invitations get the same answer after the same queries, so the endpoint tells
 * no one which usernames exist (docs/security.md); every attempt counts against the limits in
 * invitationLimits.ts. Asking again for an open invitation changes nothing; for an expired one it
 * renews it.
 */
export async function inviteMember(ctx: CommandContext, organizationId: unknown, input: unknown, settings: InvitationSettings): Promise<{ ok: true }> {
  const { db, user } = ctx;
  const { organization } = await authorize(db, organizationId, user, 'invite');
  const data = validate(inviteMemberSchema, input);
  await recordInvitationAttempt(db, organization.id, user.id, settings.limits);
  const invitee = data.username === undefined ? undefined : await findUserByUsername(db, data.username);
  // Members are listed to those who may invite: saying so tells them nothing new.
  const member = await db.selectFrom('organizationMembers').select('id').where('organizationId', '=', organization.id).where('userId', '=', invitee?.id ?? 0).executeTakeFirst();
  if (member) throw conflict(invitationCommandMessages.alreadyMember);
  const target = data.email !== undefined
    ? { invitedUsername: null, invitedUsernameKey: null, invitedEmail: data.email }
    : { invitedUsername: data.username ?? null, invitedUsernameKey: normalizeUsername(data.username ?? ''), invitedEmail: null };
  const open = await db.selectFrom('organizationInvitations').select(['id', 'expiresAt']).where('organizationId', '=', organization.id).where('status', '=', 'pending')
    .where((eb) => (target.invitedEmail !== null ? eb('invitedEmail', '=', target.invitedEmail) : eb('invitedUsernameKey', '=', target.invitedUsernameKey)))
    .executeTakeFirst();
  const now = nowIso();
  if (open && open.expiresAt > now) return { ok: true };
  const invitation = { ...target, role: data.role, expiresAt: expiresFrom(now) };
  try {
    if (open) {
      await db.updateTable('organizationInvitations').set({ invitedBy: user.id, role: data.role, lastSentAt: now, expiresAt: invitation.expiresAt }).where('id', '=', open.id).execute();
    } else {
      await db.insertInto('organizationInvitations').values({ organizationId: organization.id, ...invitation, invitedBy: user.id, status: 'pending', createdAt: now, lastSentAt: now }).execute();
    }
  } catch (error) {
    // One open invitation per name or address (unique indexes): two at once make one.
    if (isUniqueViolation(error)) return { ok: true };
    throw error;
  }
  // Sent after this call, never failing it (domain/mail/outbox.ts).
  await sendInvitationMail(db, invitation, { organization, inviter: user, invitee, appUrl: settings.appUrl });
  return { ok: true };
}

/** `write`: false for withdrawing, which only reduces access and so stays possible in a blocked organisation. */
async function openInvitation(ctx: CommandContext, organizationId: unknown, invitationId: unknown, write = true) {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'invite', write);
  const id = idParam.safeParse(invitationId);
  const invitation = id.success
    ? await ctx.db.selectFrom('organizationInvitations').selectAll().where('id', '=', id.data).where('organizationId', '=', organization.id).where('status', '=', 'pending').executeTakeFirst()
    : undefined;
  if (!invitation) throw notFound(invitationMessages.openNotFound);
  return { organization, invitation };
}

/**
 * Sends an open invitation again and renews its time; at most once per mail pause, and counted
 * against the same limits as a new one.
 */
export async function resendInvitation(ctx: CommandContext, organizationId: unknown, invitationId: unknown, settings: InvitationSettings): Promise<{ ok: true; message: string }> {
  const { organization, invitation } = await openInvitation(ctx, organizationId, invitationId);
  const now = nowIso();
  if (invitation.lastSentAt > addMs(now, -minutes(invitationMailPauseMinutes))) throw new AppError(429, 'RATE_LIMITED', invitationMessages.resendTooSoon);
  await recordInvitationAttempt(ctx.db, organization.id, ctx.user.id, settings.limits);
  const expiresAt = expiresFrom(now);
  await ctx.db.updateTable('organizationInvitations').set({ lastSentAt: now, expiresAt }).where('id', '=', invitation.id).execute();
  const invitee = invitation.invitedUsername === null ? undefined : await findUserByUsername(ctx.db, invitation.invitedUsername);
  await sendInvitationMail(ctx.db, { ...invitation, expiresAt }, { organization, inviter: ctx.user, invitee, appUrl: settings.appUrl });
  return { ok: true, message: invitationMessages.resent };
}

/** Withdraws an open invitation: from then on it cannot be accepted, also not on a device that still shows it. */
export async function revokeInvitation(ctx: CommandContext, organizationId: unknown, invitationId: unknown): Promise<{ ok: true; message: string }> {
  const { invitation } = await openInvitation(ctx, organizationId, invitationId, false);
  await ctx.db.updateTable('organizationInvitations').set({ status: 'revoked', respondedAt: nowIso(), respondedBy: ctx.user.id })
    .where('id', '=', invitation.id).where('status', '=', 'pending').execute();
  return { ok: true, message: invitationMessages.revoked };
}

/**
 * Only an account the invitation reaches answers; accepting adds the membership in the same
 * transaction. One that is no longer open (expired, revoked, answered, perhaps on another device)
 * is refused with a German reason; one that never reached the caller does not exist for them.
 */
export async function respondToInvitation(ctx: CommandContext, invitationId: unknown, input: unknown): Promise<{ status: 'accepted' | 'declined' }> {
  const { db, user } = ctx;
  const id = idParam.safeParse(invitationId);
  const invitation = id.success
    ? await db.selectFrom('organizationInvitations as i').selectAll('i').where('i.id', '=', id.data).where(addressedTo(user)).executeTakeFirst()
    : undefined;
  if (!invitation) throw notFound(invitationCommandMessages.invitationNotFound);
  const { response } = validate(respondInvitationSchema, input);
  const closed = () => conflict(invitationMessages.closed);
  if (invitation.status !== 'pending' || invitation.expiresAt <= nowIso()) throw closed();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (response === 'accepted') {
      const organization = await trx.selectFrom('organizations').selectAll().where('id', '=', invitation.organizationId).executeTakeFirstOrThrow();
      assertNotBlocked(organization);
      await addMember(trx, user, organization.id, invitation.role, now);
    }
    const updated = await trx
      .updateTable('organizationInvitations')
      .set({ status: response, respondedAt: now, respondedBy: user.id })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw closed();
    return { status: response };
  });
}

async function addMember(trx: CommandContext['db'], user: UserRow, organizationId: number, role: 'admin' | 'member', now: string): Promise<void> {
  await trx
    .insertInto('organizationMembers')
    .values({ userId: user.id, organizationId, role, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'organizationId']).doNothing())
    .execute();
}
