import rateLimit from '@fastify/rate-limit';
import { archiveMessages, changePasswordSchema } from '@sanidok/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AttemptLimiter } from '../domain/accounts/attemptLimiter';
import type { AttemptPolicy } from '../domain/accounts/attemptLimiter';
import { defaultAttemptPolicy, MemoryAttemptLimiter } from '../domain/accounts/attemptLimiter';
import { DatabaseAttemptLimiter } from '../domain/accounts/databaseAttemptLimiter';
import { isPostgres } from '../db/dialect';
import { databaseRateLimitStore } from './databaseRateLimitStore';
import type { LoginAttempts } from '../domain/accounts/loginAttempts';
import { loginAttemptPolicies } from '../domain/accounts/loginAttempts';
import { accountMessages } from '../domain/accounts/accountErrors';
import { AppError, validate } from '../domain/errors';

export const rateLimitMessage = 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed password checks per account (domain/accounts/attemptLimiter.ts). */
    passwordAttempts: AttemptLimiter;
    /** Wrong service access codes per user and service (domain/services/team.ts). */
    accessCodeAttempts: AttemptLimiter;
    /** Failed sign-ins, three counts (domain/accounts/loginAttempts.ts). */
    loginAttempts: LoginAttempts;
  }
}

/**
 * Service access codes: 10 wrong codes per user and service, then 15 minutes of
 * refusals (429); the count is forgotten 15 minutes after the last wrong code, a right code
 * resets it. In memory per process, as the password limit (docs/decisions.md "Access code").
 */
export const accessCodeAttemptPolicy: AttemptPolicy = {
  freeFailures: 10,
  baseLockMs: 15 * 60_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 100_000,
};

/** The German refusal while a count waits, "try again in N"; the wait is also in `Retry-After`. */
export function accountLockedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, retryAfterSeconds);
  const wait = seconds < 120 ? `${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}` : `${Math.ceil(seconds / 60)} Minuten`;
  return `Zu viele falsche Versuche. Bitte versuchen Sie es in ${wait} erneut.`;
}

/**
 * Two limits: per client address, opt-in per route (`config.rateLimit`: sign-in and registration
 * use `app.config.authRateLimit` attempts per minute), and per account on every password check
 * (`limitPasswordCheck`). The address is the socket's unless TRUST_PROXY names the proxies
 * (config/config.ts), so a forged `X-Forwarded-For` no longer gives a fresh address per request;
 * behind a trusted proxy the account limit still holds against many addresses.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    // Several processes on one PostgreSQL database count together, in the database
    // (docs/deployment.md); one SQLite process keeps its counts in memory.
    const shared = isPostgres(app.db);
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', rateLimitMessage),
      ...(shared ? { store: databaseRateLimitStore(app.db) } : {}),
    });
    const limiter = (policy: AttemptPolicy): AttemptLimiter => (shared ? new DatabaseAttemptLimiter(app.db, policy) : new MemoryAttemptLimiter(policy));
    app.decorate('passwordAttempts', limiter(defaultAttemptPolicy));
    app.decorate('accessCodeAttempts', limiter(accessCodeAttemptPolicy));
    app.decorate('loginAttempts', {
      perAccountAndAddress: limiter(loginAttemptPolicies.perAccountAndAddress),
      perAddress: limiter(loginAttemptPolicies.perAddress),
      perAccountFromUnknownClients: limiter(loginAttemptPolicies.perAccountFromUnknownClients),
    });
    if (!app.config.trustProxy) warnOnceAboutForwardedFor(app);
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

/**
 * Behind a reverse proxy without TRUST_PROXY every client has the proxy's address, so the limits
 * per address count all users together (an upgrade from a version that trusted the proxy whenever
 * APP_ORIGIN was set). Said once in the log, where the operator looks.
 */
function warnOnceAboutForwardedFor(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn('Anfragen tragen X-Forwarded-For, TRUST_PROXY ist aber nicht gesetzt: Ratenbegrenzung und Protokolle sehen nur die Adresse des Proxys. Hinter einem Reverse Proxy TRUST_PROXY setzen (.env.example).');
    }
    done();
  });
}

export const authRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * Keys of the account limit per user (sign-ins: ./loginThrottle.ts). Bodies are validated first
 * with the domain's own `validate` (its German 400, unchanged), so a malformed request is answered
 * as before and never meets the limit (test/fuzz/routeValidation).
 */
export const passwordCheckKey = {
  changePassword: (userId: number, body: unknown) => {
    validate(changePasswordSchema, body);
    return passwordCheckKey.user(userId);
  },
  user: (userId: number) => `user:${userId}`,
};

/** The refusals that mean "wrong password" (login, change password, key rotation) or a wrong second-factor code. */
function isWrongPassword(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'INVALID_CREDENTIALS' || error.code === 'TOTP_INVALID') return true;
  const field = error.fields?.currentPassword;
  return field === accountMessages.wrongCurrentPassword || field === archiveMessages.wrongPassword;
}

/** One count a password check runs under. */
export interface PasswordCheckCount {
  limiter: AttemptLimiter;
  key: string;
  /** Whether the right password starts this count over. */
  resetOnSuccess: boolean;
}

/**
 * Runs a command that checks a password under the account limit: refused with 429 and
 * `Retry-After` while the key waits (before any Argon2id work), a wrong password counted, the
 * right one starting the count over.
 */
export async function limitPasswordCheck<T>(app: FastifyInstance, reply: FastifyReply, key: string, check: () => Promise<T>): Promise<T> {
  return limitPasswordChecks(reply, [{ limiter: app.passwordAttempts, key, resetOnSuccess: true }], check);
}

/** The same under several counts: the longest wait answers, a wrong password counts in each. */
export async function limitPasswordChecks<T>(reply: FastifyReply, counts: PasswordCheckCount[], check: () => Promise<T>): Promise<T> {
  const waits = await Promise.all(counts.map(async ({ limiter, key }) => limiter.retryAfterSeconds(key)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) {
    void reply.header('retry-after', String(wait));
    throw new AppError(429, 'RATE_LIMITED', accountLockedMessage(wait));
  }
  try {
    const result = await check();
    await Promise.all(counts.filter((count) => count.resetOnSuccess).map(async ({ limiter, key }) => limiter.reset(key)));
    return result;
  } catch (error) {
    if (isWrongPassword(error)) await Promise.all(counts.map(async ({ limiter, key }) => limiter.recordFailure(key)));
    throw error;
  }
}
