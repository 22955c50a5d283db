import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/passwords';

describe('Argon2id on the worker pool', () => {
  it('keeps the event loop free while hashes run (issue 15, item 4)', async () => {
    await hashPassword('aufwärmen'); // the first call starts a worker
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`passwort-${i}`)));
    clearInterval(timer);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-3')).toBe(true);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-4')).toBe(false);
    // On the event loop one Argon2id alone blocks ~40 ms; six of them, a quarter of a second.
    expect(longestGap).toBeLessThan(30);
  });

  it('answers a malformed hash with false, not a crash of the pool', async () => {
    expect(await verifyPassword('$argon2id$kaputt', 'x')).toBe(false);
    expect(await verifyPassword(await hashPassword('danach'), 'danach')).toBe(true);
  });
});
