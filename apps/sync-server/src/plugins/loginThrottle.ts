import { loginSchema, normalizeUsername } from '@sanidok/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate } from '../domain/errors';
import { limitPasswordChecks } from './rateLimit';

/** Sign-ins under the three counts of domain/accounts/loginAttempts.ts; the known-accounts cookie. */

/** Signed, HttpOnly, a year: the accounts that signed in successfully in this browser (at most 5). */
export const knownAccountsCookieName = 'sanidok_known_accounts';
const knownAccountsLimit = 5;
const knownAccountsMaxAge = 365 * 86_400;

export function knownAccounts(request: FastifyRequest): string[] {
  const raw = request.cookies[knownAccountsCookieName];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  try {
    const names: unknown = JSON.parse(unsigned.value);
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function rememberKnownAccount(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, username: string): void {
  const names = [username, ...knownAccounts(request).filter((name) => name !== username)].slice(0, knownAccountsLimit);
  reply.setCookie(knownAccountsCookieName, JSON.stringify(names), {
    path: '/api/login', httpOnly: true, sameSite: 'strict', secure: app.config.cookieSecure, signed: true, maxAge: knownAccountsMaxAge,
  });
}

/**
 * Runs a sign-in's password check under the three counts: refused with 429, `Retry-After` and
 * "try again in N" while any of them waits; the body is validated first (its German 400).
 */
export async function limitLogin<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, check: () => Promise<T>): Promise<T> {
  const username = normalizeUsername(validate(loginSchema, request.body).username);
  const address = request.ip || 'unbekannt';
  const known = knownAccounts(request).includes(username);
  const counts = [
    { limiter: app.loginAttempts.perAccountAndAddress, key: `login:${username}@${address}`, resetOnSuccess: true },
    // The address's count is not reset by a success: an attacker's own account would reset it.
    { limiter: app.loginAttempts.perAddress, key: `login-address:${address}`, resetOnSuccess: false },
    ...(known ? [] : [{ limiter: app.loginAttempts.perAccountFromUnknownClients, key: `login-account:${username}`, resetOnSuccess: true }]),
  ];
  const result = await limitPasswordChecks(reply, counts, check);
  rememberKnownAccount(app, request, reply, username);
  return result;
}
