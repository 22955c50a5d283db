import { describe, expect, it } from 'vitest';
import { MemoryAttemptLimiter } from '../../../src/domain/accounts/attemptLimiter';

const minute = 60_000;

describe('account limit on failed password checks (docs/decisions.md "Failed logins per account")', () => {
  it('lets 5 failures pass, then waits 1, 2, 4, 8 and at most 15 minutes', () => {
    const limiter = new MemoryAttemptLimiter();
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i += 1) limiter.recordFailure('login:anna', t0);
    expect(limiter.retryAfterSeconds('login:anna', t0)).toBe(0);
    const waits: number[] = [];
    let now = t0;
    for (let i = 0; i < 7; i += 1) {
      limiter.recordFailure('login:anna', now);
      const wait = limiter.retryAfterSeconds('login:anna', now);
      waits.push(wait / 60);
      now += wait * 1000; // the attacker tries again as soon as allowed
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it('never locks a user out for longer than 15 minutes after the last failure, and forgets after quiet', () => {
    const limiter = new MemoryAttemptLimiter();
    for (let i = 0; i < 50; i += 1) limiter.recordFailure('login:anna', 0);
    expect(limiter.retryAfterSeconds('login:anna', 0)).toBe(15 * 60);
    expect(limiter.retryAfterSeconds('login:anna', 15 * minute)).toBe(0);
    // 15 minutes of quiet after the lock: the count starts over (5 free failures again).
    for (let i = 0; i < 4; i += 1) limiter.recordFailure('login:anna', 30 * minute);
    expect(limiter.retryAfterSeconds('login:anna', 30 * minute)).toBe(0);
  });

  it('starts over after the right password and keeps keys apart', () => {
    const limiter = new MemoryAttemptLimiter();
    for (let i = 0; i < 5; i += 1) limiter.recordFailure('user:1', 0);
    expect(limiter.retryAfterSeconds('user:1', 0)).toBe(60);
    expect(limiter.retryAfterSeconds('user:2', 0)).toBe(0);
    limiter.reset('user:1');
    expect(limiter.retryAfterSeconds('user:1', 0)).toBe(0);
  });

  it('remembers a bounded number of keys, dropping the oldest', () => {
    const limiter = new MemoryAttemptLimiter({ freeFailures: 1, baseLockMs: minute, maxLockMs: minute, forgetAfterMs: minute, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) limiter.recordFailure(key, 0);
    expect(['a', 'b', 'c', 'd'].map((k) => limiter.retryAfterSeconds(k, 0))).toEqual([0, 60, 60, 60]);
  });
});
