import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, usePasswordRunner, verifyPassword } from '../src/passwords';
import { crashPasswordWorkerForTest, runPasswordTask } from '../src/passwordsPool';

// As the server does at start (apps/sync-server/src/app.ts).
beforeAll(() => { usePasswordRunner(runPasswordTask); });
afterAll(() => { usePasswordRunner(undefined); });

describe('Argon2id on the worker pool', () => {
  it('keeps the event loop free while hashes run', async () => {
    await hashPassword('aufwärmen'); // the first call starts a worker
    // Counted, not timed (the figure is pnpm bench logins): on the event loop, six Argon2id hashes
    // would let a 1-ms timer run at most once between two of them; off it, the timer keeps
    // running for the whole time the hashes take — and more so on a loaded machine.
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`passwort-${i}`)));
    clearInterval(timer);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-3')).toBe(true);
    expect(await verifyPassword(hashes[3] ?? '', 'passwort-4')).toBe(false);
    expect(ticks).toBeGreaterThan(3 * hashes.length);
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
