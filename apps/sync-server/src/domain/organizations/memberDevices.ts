import type { SessionListItem } from '@sanidok/schema';
import { idParam, sessionMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { forbidden, notFound } from '../errors';
import { findUserSession, listUserSessions, reportSessionDeviceLost } from '../sessions/devices';
import { organizationCommandMessages } from './commands';
import type { OrganizationAccess } from './policy';
import { authorize } from './policy';

/**
 * The owner or an admin of an organisation sees a member's signed-in devices and reports one lost
 * (docs/decisions.md "Session limits"): a tablet of the organisation left behind at an event is cut
 * off without waiting for its user. The owner's devices only the owner reports.
 */
async function memberOf(db: Db, access: OrganizationAccess, memberUserId: unknown): Promise<{ userId: number; role: string }> {
  const id = idParam.safeParse(memberUserId);
  const member = id.success
    ? await db.selectFrom('organizationMembers').select(['userId', 'role']).where('organizationId', '=', access.organization.id).where('userId', '=', id.data).executeTakeFirst()
    : undefined;
  if (!member) throw notFound(organizationCommandMessages.memberNotFound);
  return member;
}

export async function listMemberSessions(ctx: CommandContext, organizationId: unknown, memberUserId: unknown): Promise<SessionListItem[]> {
  const access = await authorize(ctx.db, organizationId, ctx.user, 'reportLostDevice', false);
  const member = await memberOf(ctx.db, access, memberUserId);
  return listUserSessions(ctx.db, member.userId, null);
}

export async function reportMemberDeviceLost(ctx: CommandContext, organizationId: unknown, memberUserId: unknown, handle: string): Promise<void> {
  const access = await authorize(ctx.db, organizationId, ctx.user, 'reportLostDevice', false);
  const member = await memberOf(ctx.db, access, memberUserId);
  if (member.role === 'owner' && member.userId !== ctx.user.id) throw forbidden(sessionMessages.ownerDevice);
  await reportSessionDeviceLost(ctx.db, await findUserSession(ctx.db, member.userId, handle), ctx.user.id);
}
