import { createHash } from 'node:crypto';
import type { SessionListItem } from '@sanidok/schema';
import { sessionMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { SessionRow } from '../../db/database';
import { AppError, notFound } from '../errors';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { destroySession, sessionEnd } from './sessions';

/**
 * One's signed-in browsers and devices, ending one, and "Gerät als verloren melden"
 * (docs/decisions.md "Session limits"). A session learns its device from the device id it pulls
 * with; a device reported lost loses its sessions at once, and a session it opens later ends at
 * its first contact, which answers 401 DEVICE_LOST (plugins/session.ts). The device pushes its
 * outbox first, then wipes itself (./deviceWipe.ts).
 */

/** What the list shows instead of the stored id (itself the hash of the cookie token). */
export const sessionHandle = (sessionId: string): string => createHash('sha256').update(`handle:${sessionId}`, 'utf8').digest('hex').slice(0, 32);

const deviceIdPattern = /^[\w-]{8,100}$/;

/** The device id a request names (the pull's `deviceId`), if it looks like one. */
export function requestDeviceId(query: unknown): string | undefined {
  const value = (query as { deviceId?: unknown } | undefined)?.deviceId;
  return typeof value === 'string' && deviceIdPattern.test(value) ? value : undefined;
}

export async function isDeviceLost(db: Db, deviceId: string): Promise<boolean> {
  return (await db.selectFrom('lostDevices').select('deviceId').where('deviceId', '=', deviceId).executeTakeFirst()) !== undefined;
}

/**
 * Binds a session to the device it pulls with; false (and the session ended) when that device was
 * reported lost. A device id another user's device holds binds nothing (the push refuses it too).
 */
export async function bindSessionDevice(db: Db, session: { sessionId: string; userId: number }, deviceId: string): Promise<boolean> {
  if (await isDeviceLost(db, deviceId)) {
    await destroySession(db, session.sessionId);
    return false;
  }
  const device = await db.selectFrom('devices').select('userId').where('id', '=', deviceId).executeTakeFirst();
  if (!device || device.userId === session.userId) {
    await db.updateTable('sessions').set({ deviceId }).where('id', '=', session.sessionId).execute();
  }
  return true;
}

export async function listUserSessions(db: Db, userId: number, currentSessionId: string | null): Promise<SessionListItem[]> {
  const now = nowIso();
  const rows = await db.selectFrom('sessions').selectAll().where('userId', '=', userId).orderBy('lastSeenAt', 'desc').execute();
  return rows.filter((row) => sessionEnd(row) > now).map((row) => ({
    id: sessionHandle(row.id),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: sessionEnd(row),
    rememberMe: row.rememberMe === 1,
    current: row.id === currentSessionId,
    syncingDevice: row.deviceId !== null,
  }));
}

/** A session of `userId` by its handle, or a German 404. */
export async function findUserSession(db: Db, userId: number, handle: string): Promise<SessionRow> {
  const rows = await db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
  const row = rows.find((candidate) => sessionHandle(candidate.id) === handle);
  if (!row) throw notFound(sessionMessages.notFound);
  return row;
}

/**
 * Reports the session's device lost: the device is marked (when the session has pulled with one)
 * and every session of it ends, this one included. `reportedBy` is the user or an owner/admin.
 */
export async function reportSessionDeviceLost(db: Db, session: SessionRow, reportedBy: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (session.deviceId !== null) {
      // The device's live sessions become grants to push its outbox once more (./deviceWipe.ts).
      const now = nowIso();
      for (const held of await trx.selectFrom('sessions').selectAll().where('deviceId', '=', session.deviceId).execute()) {
        const expiresAt = sessionEnd(held);
        if (expiresAt <= now) continue;
        await trx.insertInto('deviceWipeGrants').values({ sessionId: held.id, deviceId: session.deviceId, userId: held.userId, expiresAt, firstUsedAt: null })
          .onConflict((oc) => oc.column('sessionId').doNothing()).execute();
      }
      await trx.insertInto('lostDevices').values({ deviceId: session.deviceId, userId: session.userId, reportedBy, reportedAt: nowIso() })
        .onConflict((oc) => oc.column('deviceId').doNothing()).execute();
      await trx.deleteFrom('sessions').where('deviceId', '=', session.deviceId).execute();
    }
    await trx.deleteFrom('sessions').where('id', '=', session.id).execute();
  });
}

/** The refusal a lost device meets at its next contact. */
export const deviceLostError = () => new AppError(401, 'DEVICE_LOST', sessionMessages.deviceLost);
