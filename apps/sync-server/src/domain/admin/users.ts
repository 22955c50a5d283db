import { hashPassword } from '@sanidok/crypto';
import type { AdminUser } from '@sanidok/schema';
import { adminBlockSchema, adminMessages, adminResetPasswordSchema, idParam } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import { assertPasswordStrong } from '../accounts/passwordStrength';
import { findUserById, updateUser } from '../accounts/usersRepository';
import type { CommandContext } from '../context';
import { conflict, notFound, validate } from '../errors';
import { logOrganizationEvent } from '../accessLogs/organizationEvents';
import { mailAccountBlocked, mailPasswordResetByAdmin } from '../mail/events';
import { removeFromOrganizationTeams } from '../serviceTeams/membership';
import { destroyUserSessions } from '../sessions/sessions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { recordAdminAction } from '../audit';
import { listAdminUsers } from './queries';
import { deleteOrExplain } from './remove';

async function findTarget(db: Db, userId: unknown): Promise<UserRow> {
  const id = idParam.safeParse(userId);
  const user = id.success ? await findUserById(db, id.data) : undefined;
  if (!user) throw notFound(adminMessages.userNotFound);
  return user;
}

async function adminUser(db: Db, user: UserRow): Promise<AdminUser> {
  const found = (await listAdminUsers(db, { search: user.username })).find((u) => u.id === user.id);
  if (!found) throw notFound(adminMessages.userNotFound);
  return found;
}

/**
 * Sets a new password (≥ 6 characters, docs/spec/accounts.md §9) and ends the user's sessions, so whoever held
 * the old one is out. An admin resetting their own password keeps the current session.
 */
export async function resetUserPassword(ctx: CommandContext, userId: unknown, input: unknown, keepSessionId?: string): Promise<{ ok: true }> {
  const target = await findTarget(ctx.db, userId);
  const { newPassword } = validate(adminResetPasswordSchema, input);
  assertPasswordStrong(newPassword, 'newPassword', [target.username, target.email ?? '']);
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(ctx.db, async (trx) => {
    // Until the holder proves a second factor set up before now, or the organisation key, the new
    // password opens no key recovery (docs/decisions.md "Proofs a platform admin cannot forge").
    await updateUser(trx, target.id, { passwordHash, updatedAt: nowIso(), keyProofRequiredSince: nowIso() });
    await destroyUserSessions(trx, target.id, target.id === ctx.user.id ? keepSessionId : undefined);
    await recordAdminAction(trx, ctx, { action: 'user.password_reset', targetType: 'user', targetId: target.id, targetName: target.username });
    // The holder hears of it at once, and an owner's organisations show it in their access log:
    // a reset is the first step of taking over an owner's account (docs/security.md, "Key rotation").
    await mailPasswordResetByAdmin(trx, target, ctx.user);
    await logResetInOwnedOrganizations(trx, ctx, target.id);
  });
  return { ok: true };
}

/** One row in the access log of each organisation the user owns. */
async function logResetInOwnedOrganizations(trx: Db, ctx: CommandContext, userId: number): Promise<void> {
  const owned = await trx.selectFrom('organizationMembers').select('organizationId').where('userId', '=', userId).where('role', '=', 'owner').execute();
  for (const { organizationId } of owned) {
    await logOrganizationEvent(trx, ctx, organizationId, `Passwort des Inhabers durch Plattform-Administrator ${ctx.user.username} zurückgesetzt`);
  }
}

/** Blocking ends every session at once and refuses sign-in (accounts/policy.ts); the user is told by mail. */
export async function setUserBlocked(ctx: CommandContext, userId: unknown, input: unknown): Promise<AdminUser> {
  const target = await findTarget(ctx.db, userId);
  const { isBlocked, reason } = validate(adminBlockSchema, input);
  if (target.id === ctx.user.id && isBlocked) throw conflict(adminMessages.notYourself);
  const updated = await inTransaction(ctx.db, async (trx) => {
    const row = await updateUser(trx, target.id, { isBlocked: isBlocked ? 1 : 0, updatedAt: nowIso() });
    if (isBlocked) await destroyUserSessions(trx, target.id);
    await recordAdminAction(trx, ctx, {
      action: isBlocked ? 'user.block' : 'user.unblock', targetType: 'user', targetId: target.id, targetName: target.username,
      details: reason ? { reason } : undefined,
    });
    if (isBlocked && target.isBlocked !== 1) await mailAccountBlocked(trx, row, reason);
    return row;
  });
  return adminUser(ctx.db, updated);
}

/**
 * Deletes the account with its sessions, memberships, invitations, devices and beta-code uses
 * (cascades of docs/spec/accounts.md §3). Documentation the user wrote stays with the organisation (author set
 * to null). Refused for oneself and for the owner of an organisation: the organisation and its
 * patient documentation must not be left without an owner.
 */
export async function deleteUser(ctx: CommandContext, userId: unknown): Promise<{ ok: true }> {
  const target = await findTarget(ctx.db, userId);
  if (target.id === ctx.user.id) throw conflict(adminMessages.notYourself);
  return inTransaction(ctx.db, async (trx) => {
    const owned = await trx
      .selectFrom('organizationMembers as m')
      .innerJoin('organizations as o', 'o.id', 'm.organizationId')
      .select('o.name')
      .where('m.userId', '=', target.id)
      .where('m.role', '=', 'owner')
      .orderBy('o.name')
      .execute();
    if (owned.length > 0) throw conflict(adminMessages.ownsOrganizations(owned.map((o) => `„${o.name}“`).join(', ')));
    // Off every team first, with tombstones: the cascade alone would leave the other devices a
    // team row of a deleted account (domain/serviceTeams/membership.ts).
    const memberships = await trx.selectFrom('organizationMembers').select('organizationId').where('userId', '=', target.id).execute();
    for (const { organizationId } of memberships) await removeFromOrganizationTeams(trx, organizationId, target.id);
    await deleteOrExplain(() => trx.deleteFrom('users').where('id', '=', target.id).execute());
    await recordAdminAction(trx, ctx, {
      action: 'user.delete', targetType: 'user', targetId: target.id, targetName: target.username,
      details: { email: target.email, wasAdmin: target.isAdmin === 1 },
    });
    return { ok: true as const };
  });
}
