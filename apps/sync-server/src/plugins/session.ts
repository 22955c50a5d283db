import cookie from '@fastify/cookie';
import { isApiRequest } from './apiPath';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/database';
import type { RequestContext } from '../domain/context';
import type { CommandContext } from '../domain/context';
import { unauthenticated } from '../domain/errors';
import { bindSessionDevice, deviceLostError, isDeviceLost, requestDeviceId } from '../domain/sessions/devices';
import type { WipeGrant } from '../domain/sessions/deviceWipe';
import { findWipeGrant } from '../domain/sessions/deviceWipe';
import { createSession, destroySession, resolveSession, sessionLifetime } from '../domain/sessions/sessions';

export const sessionCookieName = 'sanidok_session';
/**
 * Readable by the PWA and without any secret: "a session may exist here". The PWA asks
 * GET /api/user only when it is set, so a first visit earns no 401 (docs/decisions.md,
 * "Session probe only with a hint"). It lives exactly as long as the session cookie.
 */
export const sessionHintCookieName = 'sanidok_signed_in';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null. Loaded once per request. */
    user: UserRow | null;
    sessionId: string | null;
    /** The request names a device reported lost and has no session: 401 DEVICE_LOST, not UNAUTHENTICATED. */
    deviceLost: boolean;
    /** The cookie names a session ended by a lost-device report: it may push that device's outbox once more. */
    wipeGrant: WipeGrant | null;
  }
  interface FastifyInstance {
    signIn(request: FastifyRequest, reply: FastifyReply, userId: number, rememberMe: boolean): Promise<void>;
    signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function requestContext(request: FastifyRequest): RequestContext {
  // Typed string, but undefined once the socket is gone (Node's remoteAddress); empty is no address either.
  return { ipAddress: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}

/** What a domain command needs from a request: database, signed-in user (or 401), origin, data key. */
export function commandContext(app: FastifyInstance, request: FastifyRequest): CommandContext {
  return {
    db: app.db, user: requireUser(request), request: requestContext(request), dataKey: app.config.dataKey,
  };
}

/** The signed-in user, or a 401: the first line of every protected handler. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw request.deviceLost ? deviceLostError() : unauthenticated();
  return request.user;
}

export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie, { secret: app.config.sessionSecret });
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.cookieSecure, signed: true };
    const hintCookieOptions = { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: app.config.cookieSecure };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('deviceLost', false);
    app.decorateRequest('wipeGrant', null);

    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request)) return;
      const deviceId = requestDeviceId(request.query);
      const raw = request.cookies[sessionCookieName];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const session = unsigned?.valid && unsigned.value ? await resolveSession(app.db, unsigned.value) : undefined;
      // A session learns its device at the device's pull; a lost device's session ends there
      // (domain/sessions/devices.ts).
      const live = session && (!deviceId || deviceId === session.deviceId || (await bindSessionDevice(app.db, { sessionId: session.sessionId, userId: session.user.id }, deviceId)));
      if (session && live) {
        request.user = session.user;
        request.sessionId = session.sessionId;
        return;
      }
      // A session ended by a lost-device report: only the push may use it (domain/sessions/deviceWipe.ts).
      request.wipeGrant = unsigned?.valid && unsigned.value ? ((await findWipeGrant(app.db, unsigned.value)) ?? null) : null;
      request.deviceLost = request.wipeGrant !== null || (deviceId !== undefined && (await isDeviceLost(app.db, deviceId)));
    });

    app.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, userId: number, rememberMe: boolean) => {
      if (request.sessionId) await destroySession(app.db, request.sessionId);
      const { token } = await createSession(app.db, userId, rememberMe, requestContext(request));
      // Without "angemeldet bleiben" the cookie has no Max-Age and ends with the browser session.
      const lifetime = rememberMe ? { maxAge: sessionLifetime.remembered.absolute / 1000 } : {};
      reply.setCookie(sessionCookieName, token, { ...cookieOptions, ...lifetime });
      reply.setCookie(sessionHintCookieName, '1', { ...hintCookieOptions, ...lifetime });
    });

    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionId) await destroySession(app.db, request.sessionId);
      reply.clearCookie(sessionCookieName, { path: '/' });
      reply.clearCookie(sessionHintCookieName, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['database'] },
);
