import type { InvitationListItem, OrganizationListItem } from '@sanidok/schema';
import { createOrganizationSchema, idParam, inviteMemberSchema, organizationLockTimeSchema, organizationMemberMessages, organizationRetentionSchema, removeMemberSchema, respondInvitationSchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { clearProofAfterReset, hasTrustedSecondFactor, mustProveAfterReset, proofAfterResetRefused, proveSecondFactor } from '../accounts/ownerProof';
import { findUserByUsername } from '../accounts/usersRepository';
import { AppError, conflict, isUniqueViolation, notFound, validate } from '../errors';
import { mailInvitation } from '../mail/events';
import { removeFromOrganizationTeams } from '../serviceTeams/membership';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { assertNotBlocked, authorize, policyMessages, requireMembership } from './policy';
import type { InvitationLimits } from './invitationLimits';
import { recordInvitationAttempt } from './invitationLimits';
import { getMyOrganization, listMyInvitations } from './queries';
import { assertFingerprintMatches } from './publicKeys';

export const organizationCommandMessages = {
  alreadyMember: 'Dieser Benutzer ist bereits Mitglied der Organisation.',
  invitationNotFound: 'Einladung nicht gefunden.',
  memberNotFound: 'Mitglied nicht gefunden.',
} as const;

/** Creates the organisation with its public keys; the creator becomes owner in the same transaction. */
export async function createOrganization(ctx: CommandContext, input: unknown): Promise<OrganizationListItem> {
  const { db, user } = ctx;
  const data = validate(createOrganizationSchema, input);
  await assertFingerprintMatches(data);
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const org = await trx
      .insertInto('organizations')
      .values({
        name: data.name, description: data.description, createdAt: now, createdById: user.id,
        sealingPublicKey: data.sealingPublicKey, signingPublicKey: data.signingPublicKey, keyFingerprint: data.keyFingerprint,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('organizationMembers').values({ userId: user.id, organizationId: org.id, role: 'owner', createdAt: now }).execute();
    return org.id;
  });
  const created = await getMyOrganization(ctx, id);
  if (!created) throw new Error('Organisation nach dem Anlegen nicht lesbar');
  return created;
}

/**
 * Invites a registered user. Unknown names and names invited already get the same answer as a
 * new invitation, so the endpoint does not tell which usernames exist; every
 * attempt counts against the limits in invitationLimits.ts.
 */
export async function inviteMember(ctx: CommandContext, organizationId: unknown, input: unknown, limits?: InvitationLimits): Promise<{ ok: true }> {
  const { db, user } = ctx;
  const { organization } = await authorize(db, organizationId, user, 'invite');
  const data = validate(inviteMemberSchema, input);
  await recordInvitationAttempt(db, organization.id, user.id, limits);
  const invitee = await findUserByUsername(db, data.username);
  if (!invitee) return { ok: true };
  // Members are listed to those who may invite: saying so tells them nothing new.
  const member = await db.selectFrom('organizationMembers').select('id').where('organizationId', '=', organization.id).where('userId', '=', invitee.id).executeTakeFirst();
  if (member) throw conflict(organizationCommandMessages.alreadyMember);
  try {
    await db
      .insertInto('organizationInvitations')
      .values({ organizationId: organization.id, invitedUsername: invitee.username, invitedUserId: invitee.id, invitedBy: user.id, role: data.role, status: 'pending', createdAt: nowIso() })
      .execute();
  } catch (error) {
    // One pending invitation per user (unique index): asking again changes nothing.
    if (isUniqueViolation(error)) return { ok: true };
    throw error;
  }
  // Sent after this call, never failing it (domain/mail/outbox.ts).
  await mailInvitation(db, { invitee, organizationName: organization.name, inviter: user, role: data.role });
  return { ok: true };
}

/** Only the invited user answers; accepting adds the membership in the same transaction. */
export async function respondToInvitation(ctx: CommandContext, invitationId: unknown, input: unknown): Promise<{ status: 'accepted' | 'declined' }> {
  const { db, user } = ctx;
  const id = idParam.safeParse(invitationId);
  const mine: InvitationListItem[] = id.success ? await listMyInvitations(ctx) : [];
  const invitation = mine.find((i) => i.id === (id.success ? id.data : -1));
  if (!invitation) throw notFound(organizationCommandMessages.invitationNotFound);
  const { response } = validate(respondInvitationSchema, input);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (response === 'accepted') {
      const organization = await trx.selectFrom('organizations').selectAll().where('id', '=', invitation.organization.id).executeTakeFirstOrThrow();
      assertNotBlocked(organization);
      await trx
        .insertInto('organizationMembers')
        .values({ userId: user.id, organizationId: organization.id, role: invitation.role === 'admin' ? 'admin' : 'member', createdAt: now })
        .onConflict((oc) => oc.columns(['userId', 'organizationId']).doNothing())
        .execute();
    }
    const updated = await trx
      .updateTable('organizationInvitations')
      .set({ status: response, respondedAt: now })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw notFound(organizationCommandMessages.invitationNotFound);
    return { status: response };
  });
}

/**
 * Owner/admin remove non-owners; anyone but the owner may remove themselves ('Austreten'). The last
 * organisation admin is the one who can stop a key recovery: removing them takes the remover's
 * second factor (set up before any password reset), or their own leaving (docs/decisions.md
 * "Proofs a platform admin cannot forge").
 */
export async function removeMember(ctx: CommandContext, organizationId: unknown, memberUserId: unknown, input: unknown = {}): Promise<void> {
  const { db, user } = ctx;
  const access = await requireMembership(db, organizationId, user);
  const targetId = idParam.safeParse(memberUserId);
  const target = targetId.success
    ? await db.selectFrom('organizationMembers').selectAll().where('organizationId', '=', access.organization.id).where('userId', '=', targetId.data).executeTakeFirst()
    : undefined;
  if (!target) throw notFound(organizationCommandMessages.memberNotFound);
  if (target.userId === user.id) {
    if (target.role === 'owner') throw new AppError(403, 'FORBIDDEN', policyMessages.ownerCannotLeave);
  } else {
    await authorize(db, access.organization.id, user, 'removeMember', false);
    if (target.role === 'owner') throw new AppError(403, 'FORBIDDEN', policyMessages.removeOwner);
    if (target.role === 'admin') await assertLastAdminRemovable(ctx, access.organization.id, validate(removeMemberSchema, input ?? {}).totpCode);
  }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('organizationMembers').where('id', '=', target.id).execute();
    // Off every team of the organisation too: a later invitation starts without assignments.
    await removeFromOrganizationTeams(trx, access.organization.id, target.userId);
  });
}

async function assertLastAdminRemovable(ctx: CommandContext, organizationId: number, totpCode: string | undefined): Promise<void> {
  const admins = await ctx.db.selectFrom('organizationMembers').select('id').where('organizationId', '=', organizationId).where('role', '=', 'admin').limit(2).execute();
  if (admins.length > 1) return;
  if (!totpCode) {
    if (mustProveAfterReset(ctx.user) && !hasTrustedSecondFactor(ctx.user)) throw proofAfterResetRefused();
    throw new AppError(403, 'OWNER_PROOF_REQUIRED', organizationMemberMessages.lastAdminNeedsProof, { totpCode: organizationMemberMessages.lastAdminNeedsProof });
  }
  await proveSecondFactor(ctx, totpCode);
  await clearProofAfterReset(ctx.db, ctx.user.id);
}

/**
 * The owner's device lock time. Devices read it from the organisation list that
 * every pull carries (queries.ts) and lock after at most that long.
 */
export const setOrganizationLockTime = (ctx: CommandContext, organizationId: unknown, input: unknown) =>
  saveOwnerSetting(ctx, organizationId, 'setLockTime', validate(organizationLockTimeSchema, input));

/** An owner's setting of the organisation row: validated first, then the role, then written. */
async function saveOwnerSetting(
  ctx: CommandContext, organizationId: unknown, action: 'setLockTime' | 'setRetention', values: { lockAfterMinutes: number } | { retentionYears: number },
): Promise<OrganizationListItem> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, action);
  await ctx.db.updateTable('organizations').set(values).where('id', '=', organization.id).execute();
  const updated = await getMyOrganization(ctx, organization.id);
  if (!updated) throw new Error('Organisation nach dem Ändern nicht lesbar');
  return updated;
}

/**
 * The owner's retention period for sealed records (docs/deletion.md): at least the legal minimum
 * (packages/schema/src/retention.ts); the daily job (domain/retention/records.ts) deletes by it.
 */
export const setOrganizationRetention = (ctx: CommandContext, organizationId: unknown, input: unknown) =>
  saveOwnerSetting(ctx, organizationId, 'setRetention', validate(organizationRetentionSchema, input));
