import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, usePasswordRunner, verifyPassword } from '../src/passwords';
import { crashPasswordWorkerForTest, passwordPoolSize, runPasswordTask } from '../src/passwordsPool';

// As the server does at start (apps/sync-server/src/app.ts).
beforeAll(() => { usePasswordRunner(runPasswordTask); });
afterAll(() => { usePasswordRunner(undefined); });

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
    const started = performance.now();
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`passwort-${i}`)));
    const ended = performance.now();
    const perHashMs = ((ended - started) * passwordPoolSize) / 6;
    clearInterval(timer);
    // Also the stretch since the last tick: a blocked loop might not tick at all before this line.
    longestGap = Math.max(longestGap, ended - last);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-3')).toBe(true);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-4')).toBe(false);
    // On the event loop each Argon2id would block the timer for a whole hash (~40 ms idle, more
    // on a busy machine); off it, the timer keeps ticking. Relative to the hash time measured
    // here, so that a loaded test machine slows both sides alike.
    expect(longestGap).toBeLessThan(Math.max(30, perHashMs / 2));
  });

  it('answers a malformed hash with false, not a crash of the pool', async () => {
    expect(await verifyPassword('$argon2id$kaputt', 'x')).toBe(false);
    expect(await verifyPassword(await hashPassword('danach'), 'danach')).toBe(true);
  });

  it('replaces a worker that died while idle: the next hash still answers', async () => {
    await hashPassword('vorher');
    await crashPasswordWorkerForTest();
    const hash = await hashPassword('nach dem Absturz');
    expect(await verifyPassword(hash, 'nach dem Absturz')).toBe(true);
  });
});
