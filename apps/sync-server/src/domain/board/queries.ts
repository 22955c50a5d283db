import type { BoardStatus, BoardTeamMember } from '@sanidok/schema';
import { BOARD_DEVICES_PER_MEMBER } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { QueryContext } from '../context';
import { AppError } from '../errors';
import { requireServiceAccess } from '../services/access';
import { liveSessionUser } from '../sessions/sessions';
import { listTeam } from '../serviceTeams/queries';
import { nowIso } from '../time';

/**
 * The command-post board's server reads. Who may open a board: whoever may read the
 * service (a member of its organisation, requireServiceAccess). What the board shows of patients
 * comes from the device's pull, filtered by the team scope there (docs/security.md "Patient data
 * follows the team"); the server adds only what no device holds: the team's devices.
 */

export const boardMessages = {
  tooManyStreams: 'Zu viele offene Lagetafeln. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.',
  serverBusy: 'Der Server hält gerade zu viele Lagetafeln offen. Bitte versuchen Sie es gleich noch einmal.',
  organizationFull: 'Ihre Organisation hat zu viele Lagetafeln offen. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.',
  addressFull: 'Von Ihrem Netzwerk aus sind zu viele Lagetafeln offen. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.',
} as const;

export const tooManyStreams = () => new AppError(429, 'RATE_LIMITED', boardMessages.tooManyStreams);
export const serverBusy = () => new AppError(429, 'RATE_LIMITED', boardMessages.serverBusy);
export const organizationStreamsFull = () => new AppError(429, 'RATE_LIMITED', boardMessages.organizationFull);
export const addressStreamsFull = () => new AppError(429, 'RATE_LIMITED', boardMessages.addressFull);

/** The change counter: the id of a board event (every write takes its next value). */
export async function currentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('syncState').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** The organisation whose changes a board of this service follows; 404 for outsiders (as the service itself). */
export async function boardOrganization(db: Db, serviceId: unknown, user: UserRow): Promise<{ serviceId: string; organizationId: number }> {
  const { service } = await requireServiceAccess(db, serviceId, user);
  return { serviceId: service.id, organizationId: service.organizationId };
}

/**
 * Whether an open stream may go on: its session still lives (not signed out, not expired, the user
 * not blocked) and the user may still read the service (still a member of its organisation).
 */
export async function mayStillWatch(db: Db, sessionId: string, serviceId: string): Promise<boolean> {
  const user = await liveSessionUser(db, sessionId);
  if (!user) return false;
  try {
    await requireServiceAccess(db, serviceId, user);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return false;
    throw error;
  }
}

/** The organisations a user's write may have changed: every one the user belongs to. */
export async function organizationsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', userId).execute();
  return rows.map((row) => row.organizationId);
}

/** GET /api/services/{id}/board: the team with each member's most recently seen devices. */
export async function loadBoardStatus(ctx: QueryContext, serviceId: unknown): Promise<BoardStatus> {
  const { service } = await requireServiceAccess(ctx.db, serviceId, ctx.user);
  const team = await listTeam(ctx.db, service.id);
  const userIds = team.map((member) => member.userId);
  const [devices, users, version] = await Promise.all([
    userIds.length === 0 ? [] : ctx.db.selectFrom('devices').select(['id', 'userId', 'lastSeenAt', 'pendingCount'])
      .where('userId', 'in', userIds).orderBy('lastSeenAt', 'desc').execute(),
    userIds.length === 0 ? [] : ctx.db.selectFrom('users').select(['id', 'fullName']).where('id', 'in', userIds).execute(),
    currentVersion(ctx.db),
  ]);
  const fullNames = new Map(users.map((user) => [user.id, user.fullName]));
  const members: BoardTeamMember[] = team.map((member) => ({
    userId: member.userId,
    username: member.username,
    fullName: fullNames.get(member.userId) ?? null,
    devices: devices.filter((device) => device.userId === member.userId).slice(0, BOARD_DEVICES_PER_MEMBER)
      .map((device) => ({ deviceLabel: device.id.slice(-6), lastSeenAt: device.lastSeenAt, pendingCount: device.pendingCount })),
  }));
  return { serviceId: service.id, team: members, version, readAt: nowIso() };
}
