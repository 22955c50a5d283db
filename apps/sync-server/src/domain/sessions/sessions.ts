import { createHash } from 'node:crypto';
import { randomToken } from '@sanidok/crypto';
import { compiledSelect } from '../../db/compiledSelect';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { RequestContext } from '../context';
import { canHoldSession } from './policy';
import { addMs, days, hours, minutes, nowIso } from '../time';

/**
 * Server-side sessions. "Angemeldet bleiben" lasts 30 days from sign-in; otherwise the cookie ends
 * with the browser and the server forgets the session after 24 hours without a request.
 */
export const sessionLifetime = { remembered: days(30), idle: hours(24), touchEvery: minutes(1) } as const;

/**
 * The stored id of a session: SHA-256 of its cookie token, hex (as `sha256Hex` of @sanidok/crypto).
 * Node's synchronous hash here: WebCrypto's digest is a job with its own promise, ≈ 0.2 ms of CPU
 * on every signed-in request.
 */
const sessionIdOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export async function createSession(db: Db, userId: number, rememberMe: boolean, context: RequestContext): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken(32);
  const now = nowIso();
  const expiresAt = addMs(now, rememberMe ? sessionLifetime.remembered : sessionLifetime.idle);
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
export async function resolveSession(db: Db, token: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const sessionId = sessionIdOf(token);
  const [session] = await sessionById(db, { id: sessionId });
  if (!session) return undefined;
  const now = nowIso();
  const [user] = await userById(db, { id: session.userId });
  if (!user || session.expiresAt <= now || !canHoldSession(user)) {
    await destroySession(db, sessionId);
    return undefined;
  }
  if (Date.parse(now) - Date.parse(session.lastSeenAt) > sessionLifetime.touchEvery) {
    const patch = session.rememberMe === 1 ? { lastSeenAt: now } : { lastSeenAt: now, expiresAt: addMs(now, sessionLifetime.idle) };
    await db.updateTable('sessions').set(patch).where('id', '=', sessionId).execute();
  }
  return { user, sessionId };
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
  if (!session || session.expiresAt <= nowIso()) return undefined;
  const [user] = await userById(db, { id: session.userId });
  return user && canHoldSession(user) ? user : undefined;
}
