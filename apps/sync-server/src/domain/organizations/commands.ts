import type { OrganizationListItem } from '@sanidok/schema';
import { createOrganizationSchema, idParam, organizationLockTimeSchema, organizationMemberMessages, organizationRetentionSchema, removeMemberSchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { clearProofAfterReset, hasTrustedSecondFactor, mustProveAfterReset, proofAfterResetRefused, proveSecondFactor } from '../accounts/ownerProof';
import { AppError, notFound, validate } from '../errors';
import { removeFromOrganizationTeams } from '../serviceTeams/membership';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { authorize, policyMessages, requireMembership } from './policy';
import { getMyOrganization } from './queries';
import { assertFingerprintMatches } from './publicKeys';

export const organizationCommandMessages = {
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
