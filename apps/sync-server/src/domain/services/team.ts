import { randomFillSync } from 'node:crypto';
import { readableAlphabet } from '@sanidok/crypto';
import type { Service, ServiceTeamMember } from '@sanidok/schema';
import { joinServiceSchema, serviceTeamMessages, setServiceTeamSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { AttemptLimiter } from '../accounts/attemptLimiter';
import type { CommandContext, QueryContext } from '../context';
import { AppError, conflict, validate } from '../errors';
import { addTeamMember, logTeamChange, removeTeamMember } from '../serviceTeams/membership';
import { accessCodeMatches, isJoinable, normalizeAccessCode } from '../serviceTeams/policy';
import { isOnTeam, listTeam, loadTeamMember } from '../serviceTeams/queries';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { nextVersion } from '../versions';
import type { ServiceAccess } from './access';
import { assertServiceWritable, authorizeServiceManagement, requireServiceAccess } from './access';
import { loadService } from './queries';

// Random bytes drawn from the CSPRNG 4 KiB at a time: a sync push creates a service (and its
// code) per mutation, and one `getRandomValues` call per code cost ≈ 10 µs of it. Unlike
// `randomReadable` (@sanidok/crypto) no byte is ever rejected: 256 is a multiple of the alphabet's 32.
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomCode(length: number): string {
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = '';
  for (let i = 0; i < length; i += 1) out += readableAlphabet.charAt((pool[poolAt + i] ?? 0) % readableAlphabet.length);
  // Used bytes are overwritten, so a code never lingers in the pool after it was handed out.
  pool.fill(0, poolAt, poolAt + length);
  poolAt += length;
  return out;
}

/** A new access code: readable off a screen, 8 characters of a 32-letter alphabet (40 bits). */
export const newAccessCode = (): string => `${randomCode(4)}-${randomCode(4)}`;

/** GET /api/services/{id}/team: any member of the organisation sees who is on the team, and who put them there. */
export async function getServiceTeam(ctx: QueryContext, serviceId: unknown): Promise<ServiceTeamMember[]> {
  const { service } = await requireServiceAccess(ctx.db, serviceId, ctx.user);
  return listTeam(ctx.db, service.id);
}

/** PUT /api/services/{id}/team {userIds}: the team as it shall be (owner, organisation admins). */
export async function setServiceTeam(ctx: CommandContext, serviceId: unknown, input: unknown): Promise<ServiceTeamMember[]> {
  const wanted = [...new Set(validate(setServiceTeamSchema, input).userIds)];
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeServiceManagement(trx, serviceId, ctx.user);
    const members = wanted.length === 0 ? [] : await trx.selectFrom('organizationMembers as m').innerJoin('users as u', 'u.id', 'm.userId')
      .select(['m.userId', 'u.username']).where('m.organizationId', '=', service.organizationId).where('m.userId', 'in', wanted).execute();
    if (members.length !== wanted.length) throw new AppError(400, 'VALIDATION', serviceTeamMessages.notMember, { userIds: serviceTeamMessages.notMember });
    const current = await trx.selectFrom('serviceTeamMembers as t').innerJoin('users as u', 'u.id', 't.userId')
      .select(['t.userId', 'u.username']).where('t.serviceId', '=', service.id).execute();
    const added = members.filter((m) => !current.some((c) => c.userId === m.userId));
    const removed = current.filter((c) => !wanted.includes(c.userId));
    for (const member of added) await addTeamMember(trx, service, member.userId, ctx.user.id, 'assigned');
    for (const member of removed) await removeTeamMember(trx, service, member.userId);
    const names = (list: { username: string }[]) => list.map((m) => m.username).join(', ');
    const parts = [added.length > 0 && `eingeteilt: ${names(added)}`, removed.length > 0 && `entfernt: ${names(removed)}`].filter(Boolean);
    if (parts.length > 0) await logTeamChange(trx, ctx, service, `${service.name}, ${parts.join('; ')}`);
    return listTeam(trx, service.id);
  });
}

/**
 * Joins the caller to the service's team with its access code (on site, typed or scanned),
 * at most 10 wrong codes per user and service per 15 minutes (`attempts`, plugins/rateLimit.ts).
 * Already on the team: nothing to check, nothing changes. Runs inside the caller's transaction.
 */
export async function joinWithCode(trx: Db, ctx: CommandContext, access: ServiceAccess, code: string, attempts: AttemptLimiter): Promise<void> {
  const { service } = access;
  if (await isOnTeam(trx, service.id, ctx.user.id)) return;
  assertServiceWritable(access);
  const key = `${ctx.user.id}:${service.id}`;
  if ((await attempts.retryAfterSeconds(key)) > 0) throw new AppError(429, 'RATE_LIMITED', serviceTeamMessages.tooManyTries);
  if (!isJoinable(service)) throw conflict(serviceTeamMessages.notRunning);
  if (service.accessCode === null || normalizeAccessCode(service.accessCode) === '') throw conflict(serviceTeamMessages.noCode);
  if (!accessCodeMatches(service.accessCode, code)) {
    await attempts.recordFailure(key);
    throw new AppError(400, 'VALIDATION', serviceTeamMessages.wrongCode, { accessCode: serviceTeamMessages.wrongCode });
  }
  await attempts.reset(key);
  await addTeamMember(trx, service, ctx.user.id, ctx.user.id, 'accessCode');
  await logTeamChange(trx, ctx, service, `${service.name}, ${ctx.user.username} mit Zugangscode beigetreten`);
}

/** POST /api/services/{id}/join {accessCode}: answers the caller's team entry. */
export async function joinService(ctx: CommandContext, serviceId: unknown, input: unknown, attempts: AttemptLimiter): Promise<ServiceTeamMember> {
  const { accessCode } = validate(joinServiceSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const access = await requireServiceAccess(trx, serviceId, ctx.user);
    await joinWithCode(trx, ctx, access, accessCode, attempts);
    return loadTeamMember(trx, access.service.id, ctx.user.id);
  });
}

/** POST /api/services/{id}/access-code: a new code; whoever joined stays on the team. */
export async function regenerateAccessCode(ctx: CommandContext, serviceId: unknown): Promise<Service> {
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeServiceManagement(trx, serviceId, ctx.user);
    await trx.updateTable('services').set({ accessCode: newAccessCode(), updatedAt: nowIso(), version: await nextVersion(trx) }).where('id', '=', service.id).execute();
    await logTeamChange(trx, ctx, service, `${service.name}, Zugangscode erneuert`);
    return loadService(trx, service.id);
  });
}
