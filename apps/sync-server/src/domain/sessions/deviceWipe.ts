import type { PushResponse } from '@sanidok/schema';
import type { z } from 'zod';
import { pushRequestSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import { minutes, nowIso } from '../time';
import { unauthenticated, validate } from '../errors';
import { deviceLostError, isDeviceLost } from './devices';
import { canHoldSession } from './policy';
import { sessionIdOf } from './sessions';

/**
 * A device reported lost pushes its outbox, then wipes itself (docs/decisions.md "A lost device
 * pushes, then wipes itself"). The report ends the device's sessions at once; each becomes a grant
 * that admits one thing only: a push of that very device, answered `wipe: true`. No read: every
 * other request with the cookie is answered 401 DEVICE_LOST, the pull too. The grant ends with the
 * push that empties the outbox (as the device reports it), at the latest `wipeGrantWindow` after
 * its first use, and never after the ended session's own end.
 */

/** Time for a lost device to push a large outbox in batches, or to be unlocked to push what it holds sealed. */
/** Applies a lost device's last push as its user's (the route passes domain/sync/push.ts `pushMutations`). */
export type GrantedPush = (user: UserRow, request: z.output<typeof pushRequestSchema>) => Promise<PushResponse>;

export const wipeGrantWindow = minutes(10);

export interface WipeGrant {
  sessionId: string;
  deviceId: string;
  userId: number;
}

/** The live grant of a cookie token whose session is gone, if any. */
export async function findWipeGrant(db: Db, token: string): Promise<WipeGrant | undefined> {
  const row = await db.selectFrom('deviceWipeGrants').selectAll().where('sessionId', '=', sessionIdOf(token)).executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  const windowOver = row.firstUsedAt !== null && Date.parse(row.firstUsedAt) + wipeGrantWindow <= now;
  if (Date.parse(row.expiresAt) <= now || windowOver) {
    await endWipeGrant(db, row.sessionId);
    return undefined;
  }
  return { sessionId: row.sessionId, deviceId: row.deviceId, userId: row.userId };
}

async function endWipeGrant(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('deviceWipeGrants').where('sessionId', '=', sessionId).execute();
}

/**
 * A push without a session, under a grant (routes/api/sync.ts lets no other through): of the same
 * device it is applied as its user's push (`push`: domain/sync/push.ts, passed in by the route so
 * that sessions do not depend on sync) and answered `wipe: true`. Without a grant the device
 * meets the ordinary 401, or DEVICE_LOST at its pull; a sign-in then pushes.
 */
export async function pushWithoutSession(db: Db, grant: WipeGrant | null, body: unknown, push: GrantedPush): Promise<PushResponse> {
  const request = validate(pushRequestSchema, body);
  // Another device id under the grant's cookie is no lost device's last push.
  if (!grant || grant.deviceId !== request.deviceId) throw unauthenticated();
  const user = await db.selectFrom('users').selectAll().where('id', '=', grant.userId).executeTakeFirst();
  if (!user || !canHoldSession(user)) {
    await endWipeGrant(db, grant.sessionId);
    throw deviceLostError();
  }
  const reply = await push(user, request);
  // The batch that holds the rest of the outbox ends the grant; an older app reports no count.
  if (request.pendingCount === undefined || request.pendingCount <= request.mutations.length) await endWipeGrant(db, grant.sessionId);
  else await db.updateTable('deviceWipeGrants').set({ firstUsedAt: nowIso() }).where('sessionId', '=', grant.sessionId).where('firstUsedAt', 'is', null).execute();
  return { ...reply, wipe: true };
}

/** A push of a live session: a lost device is told to wipe itself after it (a sign-in on it pushes first). */
export async function withWipeNotice(db: Db, deviceId: string, reply: PushResponse): Promise<PushResponse> {
  return (await isDeviceLost(db, deviceId)) ? { ...reply, wipe: true } : reply;
}

export async function purgeExpiredWipeGrants(db: Db): Promise<number> {
  const result = await db.deleteFrom('deviceWipeGrants').where('expiresAt', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
