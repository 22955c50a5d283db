import type { AttemptLimiter, AttemptPolicy } from './attemptLimiter';

/**
 * Failed sign-ins slow down instead of locking an account for everyone (docs/decisions.md
 * "Sign-in throttling without lockout"). Three counts, each with a growing wait:
 * - per account and client address: the guesser's own address waits, the owner's does not;
 * - per client address over all accounts: one address spraying many names;
 * - per account over all addresses, for clients the account never signed in from: many addresses
 *   guessing one password. A browser that signed into the account before carries a signed cookie
 *   naming it and skips this count, so nobody can keep the owner (or the platform admin) out of a
 *   browser they use.
 */
export interface LoginAttempts {
  perAccountAndAddress: AttemptLimiter;
  perAddress: AttemptLimiter;
  perAccountFromUnknownClients: AttemptLimiter;
}

export const loginAttemptPolicies: Record<keyof LoginAttempts, AttemptPolicy> = {
  // 5 free, then 1, 2, 4, 8, 15 minutes: only this address waits.
  perAccountAndAddress: { freeFailures: 5, baseLockMs: 60_000, maxLockMs: 15 * 60_000, forgetAfterMs: 15 * 60_000, maxKeys: 100_000 },
  // A team behind one NAT signs in many accounts; 30 wrong passwords before the address waits.
  perAddress: { freeFailures: 30, baseLockMs: 60_000, maxLockMs: 15 * 60_000, forgetAfterMs: 15 * 60_000, maxKeys: 100_000 },
  // Short waits (30 s doubling to 5 min): at most ~300 guesses a day per account for a botnet,
  // and a new device of the owner waits minutes, never hours.
  perAccountFromUnknownClients: { freeFailures: 10, baseLockMs: 30_000, maxLockMs: 5 * 60_000, forgetAfterMs: 15 * 60_000, maxKeys: 100_000 },
};

