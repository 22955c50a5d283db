/**
 * Failed password checks per account (login per username, change password and key rotation per
 * user): the limit next to the one per client address, which a forged or rotating address escapes.
 * Policy: docs/decisions.md "Failed logins per account". In memory with one SQLite process; in the
 * database when several processes share PostgreSQL (./databaseAttemptLimiter.ts), hence the
 * answers may be promises: callers await them.
 */
export interface AttemptLimiter {
  /** Seconds to wait before the next check of `key` is allowed; 0 when it may run now. */
  retryAfterSeconds(key: string, now?: number): number | Promise<number>;
  /** A wrong password for `key`. */
  recordFailure(key: string, now?: number): void | Promise<void>;
  /** The right password: the key's count starts over. */
  reset(key: string): void | Promise<void>;
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

export interface AttemptEntry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}
type Entry = AttemptEntry;

/** Whether `entry` is past its lock and quiet time: its failures no longer count. */
export function attemptForgotten(entry: AttemptEntry, now: number, policy: AttemptPolicy): boolean {
  return now >= Math.max(entry.lastFailure, entry.lockedUntil) + policy.forgetAfterMs;
}

/** Seconds `entry` still waits at `now` (0: free). */
export function attemptWait(entry: AttemptEntry | undefined, now: number, policy: AttemptPolicy): number {
  if (!entry || attemptForgotten(entry, now, policy)) return 0;
  return entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0;
}

/** The entry after one more failure at `now`: the one rule both limiters apply. */
export function afterFailure(previous: AttemptEntry | undefined, now: number, policy: AttemptPolicy): AttemptEntry {
  const live = previous && !attemptForgotten(previous, now, policy) ? previous : { failures: 0, lastFailure: now, lockedUntil: 0 };
  const entry = { ...live, failures: live.failures + 1, lastFailure: now };
  const over = entry.failures - policy.freeFailures;
  if (over >= 0) {
    // Exponential backoff, capped: 1, 2, 4, 8, 15, 15 … minutes (with the default policy).
    entry.lockedUntil = now + Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.min(over, 30));
  }
  return entry;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly policy: AttemptPolicy = defaultAttemptPolicy) {}

  retryAfterSeconds(key: string, now = Date.now()): number {
    return attemptWait(this.live(key, now), now, this.policy);
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = afterFailure(this.live(key, now), now, this.policy);
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
    return attemptForgotten(entry, now, this.policy);
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
