/**
 * Failed password checks per account (login per username, change password and key rotation per
 * user): the limit next to the one per client address, which a forged or rotating address escapes.
 * Policy: docs/decisions.md "Failed logins per account". In memory for now, behind this interface,
 * so that it can move into the database when several processes serve (a later issue).
 */
export interface AttemptLimiter {
  /** Seconds to wait before the next check of `key` is allowed; 0 when it may run now. */
  retryAfterSeconds(key: string, now?: number): number;
  /** A wrong password for `key`. */
  recordFailure(key: string, now?: number): void;
  /** The right password: the key's count starts over. */
  reset(key: string): void;
}

export interface AttemptPolicy {
  /** Failures allowed without waiting. */
  freeFailures: number;
  /** The first wait, doubled with every further failure. */
  baseLockMs: number;
  /** The longest wait: nobody is locked out for longer than this after the last failure. */
  maxLockMs: number;
  /** Quiet time after a lock ends, after which the failures are forgotten. */
  forgetAfterMs: number;
  /** Bound on remembered keys (unknown usernames count too, so that a lock tells nothing). */
  maxKeys: number;
}

export const defaultAttemptPolicy: AttemptPolicy = {
  freeFailures: 5,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 100_000,
};

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly policy: AttemptPolicy = defaultAttemptPolicy) {}

  retryAfterSeconds(key: string, now = Date.now()): number {
    const entry = this.live(key, now);
    return entry && entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = this.live(key, now) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.policy.freeFailures;
    if (over >= 0) {
      // Exponential backoff, capped: 1, 2, 4, 8, 15, 15 … minutes (with the default policy).
      entry.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.baseLockMs * 2 ** Math.min(over, 30));
    }
    // Re-inserted last, so that the Map's order is the order of the latest failure.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bound(now);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.forgotten(entry, now)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private forgotten(entry: Entry, now: number): boolean {
    return now >= Math.max(entry.lastFailure, entry.lockedUntil) + this.policy.forgetAfterMs;
  }

  /** Drops forgotten keys, then the oldest ones, when the bound is passed. */
  private bound(now: number): void {
    if (this.entries.size <= this.policy.maxKeys) return;
    for (const [key, entry] of this.entries) if (this.forgotten(entry, now)) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.policy.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
