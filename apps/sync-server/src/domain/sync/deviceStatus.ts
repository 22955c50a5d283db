import type { Db } from '../../db/connection';
import { nowIso } from '../time';

/**
 * What the board's team panel shows of a device: when the server last heard of it and
 * how many changes it still holds. A device reports its outbox count with every push
 * (`pendingCount`) and pull (`pending`); the push stores what is left after the batch.
 */

/** A pull every 5 s per device: the row is written only when the count changed or this long passed. */
const refreshEveryMs = 30_000;
const cacheLimit = 10_000;
const lastWritten = new Map<string, { pending: number; at: number }>();

/** The pulling device's report; a device id of another user changes nothing (the binding rule of the push). */
export async function reportDeviceStatus(db: Db, userId: number, deviceId: string, pending: number): Promise<void> {
  const now = Date.now();
  const cached = lastWritten.get(deviceId);
  if (cached && cached.pending === pending && now - cached.at < refreshEveryMs) return;
  const at = nowIso();
  const updated = await db.updateTable('devices').set({ lastSeenAt: at, pendingCount: pending })
    .where('id', '=', deviceId).where('userId', '=', userId).executeTakeFirst();
  // A device that has only pulled so far is registered for the puller, as its first push would.
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('devices').values({ id: deviceId, userId, lastSeq: 0, createdAt: at, lastSeenAt: at, pendingCount: pending })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
  }
  // Bounded: a process that met more devices than this starts over (costs one write per device).
  if (lastWritten.size >= cacheLimit) lastWritten.clear();
  lastWritten.set(deviceId, { pending, at: now });
}

/** Forget the cached reports (tests that change rows behind the cache's back). */
export function forgetDeviceReports(): void {
  lastWritten.clear();
}
