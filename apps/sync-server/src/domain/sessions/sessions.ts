import { createHash } from 'node:crypto';
import { randomToken } from '@sanidok/crypto';
import { compiledSelect } from '../../db/compiledSelect';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { RequestContext } from '../context';
import { canHoldSession } from './policy';
import { days, hours, minutes, nowIso } from '../time';

/**
 * Server-side sessions, each with an idle and an absolute limit (BSI TR-03161 O.Auth_9/10 of the
 * web part, O.Auth_10/11 of the backend part; the values and why: docs/decisions.md "Session
 * limits"). Without "Angemeldet bleiben" the cookie also ends with the browser.
 */
export const sessionLifetime = {
  /**
   * A shift: one sign-in, then the device keeps syncing; after 12 h the password again. Idle means
   * no contact at all, and hours without coverage are the product's normal case, so the idle limit
   * is 8 h rather than 1 h (docs/decisions.md "Session limits").
   */
  normal: { idle: hours(8), absolute: hours(12) },
  /** A personal device the user chose to stay signed in on, protected locally by its lock. */
  remembered: { idle: days(3), absolute: days(14) },
  touchEvery: minutes(1),
} as const;

const limitsOf = (rememberMe: boolean) => (rememberMe ? sessionLifetime.remembered : sessionLifetime.normal);

/** When a session ends: at its idle limit after its last use, at the latest at its absolute limit. */
export function sessionEnd(session: { rememberMe: number; createdAt: string; lastSeenAt: string }): string {
  const limits = limitsOf(session.rememberMe === 1);
  return new Date(Math.min(Date.parse(session.createdAt) + limits.absolute, Date.parse(session.lastSeenAt) + limits.idle)).toISOString();
}

/**
 * The stored id of a session: SHA-256 of its cookie token, hex (as `sha256Hex` of @sanidok/crypto).
 * Node's synchronous hash here: WebCrypto's digest is a job with its own promise, ≈ 0.2 ms of CPU
 * on every signed-in request.
 */
export const sessionIdOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export async function createSession(db: Db, userId: number, rememberMe: boolean, context: RequestContext): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken(32);
  const now = nowIso();
  const expiresAt = sessionEnd({ rememberMe: rememberMe ? 1 : 0, createdAt: now, lastSeenAt: now });
  await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      userId,
      rememberMe: rememberMe ? 1 : 0,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

// Compiled once: every signed-in request (a device's pull every 5 s) resolves its session.
const sessionById = compiledSelect((db, p: { id: string }) => db.selectFrom('sessions').selectAll().where('id', '=', p.id));
const userById = compiledSelect((db, p: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', p.id));

/** The user of a live session, or undefined; expired sessions and blocked users' sessions are removed. */
export async function resolveSession(db: Db, token: string): Promise<{ user: UserRow; sessionId: string; deviceId: string | null } | undefined> {
  const sessionId = sessionIdOf(token);
  const [session] = await sessionById(db, { id: sessionId });
  if (!session) return undefined;
  const now = nowIso();
  const [user] = await userById(db, { id: session.userId });
  // The end is computed from the limits of today, so a session stored under older limits obeys them too.
  if (!user || sessionEnd(session) <= now || !canHoldSession(user)) {
    await destroySession(db, sessionId);
    return undefined;
  }
  if (Date.parse(now) - Date.parse(session.lastSeenAt) > sessionLifetime.touchEvery) {
    await db.updateTable('sessions').set({ lastSeenAt: now, expiresAt: sessionEnd({ ...session, lastSeenAt: now }) }).where('id', '=', sessionId).execute();
  }
  return { user, sessionId, deviceId: session.deviceId };
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user (blocking, password reset). */
export async function destroyUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function purgeExpiredSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The user of a session that is still live, by its stored id (a long-lived event stream checks its
 * session again without the cookie): undefined once it ended, expired or its user was blocked.
 */
export async function liveSessionUser(db: Db, sessionId: string): Promise<UserRow | undefined> {
  const [session] = await sessionById(db, { id: sessionId });
  if (!session || sessionEnd(session) <= nowIso()) return undefined;
  const [user] = await userById(db, { id: session.userId });
  return user && canHoldSession(user) ? user : undefined;
}
