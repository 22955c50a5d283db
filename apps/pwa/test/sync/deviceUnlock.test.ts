import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockDevice, unlockDevice } from '../../src/data/crypto/deviceKeys';
import { closeUserDatabase, deleteUserDatabase, openUserDatabase } from '../../src/data/db';
import { lockSignedInDevice, unlockSignedInDevice } from '../../src/sync/deviceUnlock';
import { useLockStore } from '../../src/sync/lockStore';

/**
 * Signing out while the sign-in's unlock still runs (e2e auth.spec.ts: register, then sign out at
 * once); locking while it still runs its catch-up (e2e devicePrfUnlock.spec.ts on a slow CI).
 */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const user = { id: 5151, name: 'Berta Sanitäterin' };
const password = 'Korrekt-Pferd-Batterie-7';

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteUserDatabase(user.id);
});

describe('unlock of the signed-in device', () => {
  it('a sign-out during the unlock ends it quietly: no console error, no message, locked', async () => {
    const db = openUserDatabase(user.id, user.name);
    await unlockDevice(db, password, cheap);
    lockDevice(db);
    const consoleError = vi.spyOn(console, 'error');
    const unlocking = unlockSignedInDevice(user, password, { signIn: true });
    expect(useLockStore.getState().status).toBe('unlocking');
    closeUserDatabase();
    await expect(unlocking).resolves.toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
    expect(useLockStore.getState()).toMatchObject({ status: 'locked', error: null, viaSignIn: false });
    expect(db.crypto.state).toBe('locked');
  });

  it('the right password still unlocks, a wrong one says so', async () => {
    const db = openUserDatabase(user.id, user.name);
    await unlockDevice(db, password, cheap);
    lockDevice(db);
    await expect(unlockSignedInDevice(user, 'falsch-falsch-falsch')).resolves.toBe(false);
    expect(useLockStore.getState().error).toBeTruthy();
    await expect(unlockSignedInDevice(user, password)).resolves.toBe(true);
    expect(useLockStore.getState()).toMatchObject({ status: 'unlocked', error: null });
  });

  it('a lock while the unlock still catches up wins: locked, keys gone, no message', async () => {
    const db = openUserDatabase(user.id, user.name);
    await unlockDevice(db, password, cheap);
    lockDevice(db);
    const consoleError = vi.spyOn(console, 'error');
    // The moment the key is back but the catch-up has not finished: the header's lock button, idle or sleep.
    const stop = db.crypto.subscribe(() => {
      if (db.crypto.state === 'unlocked') lockSignedInDevice({ discardedInput: false });
    });
    await expect(unlockSignedInDevice(user, password)).resolves.toBe(false);
    stop();
    expect(useLockStore.getState()).toMatchObject({ status: 'locked', error: null, viaSignIn: false });
    expect(db.crypto.state).toBe('locked');
    expect(consoleError).not.toHaveBeenCalled();
    // The next unlock is not affected by the earlier lock.
    await expect(unlockSignedInDevice(user, password)).resolves.toBe(true);
    expect(useLockStore.getState().status).toBe('unlocked');
  });

  it('a second unlock while the first runs waits for it: the keys are set once, both say unlocked', async () => {
    const db = openUserDatabase(user.id, user.name);
    await unlockDevice(db, password, cheap);
    lockDevice(db);
    const setKeys = vi.spyOn(db.crypto, 'unlock');
    const [first, second] = await Promise.all([unlockSignedInDevice(user, password), unlockSignedInDevice(user, password)]);
    expect([first, second]).toEqual([true, true]);
    expect(setKeys).toHaveBeenCalledTimes(1);
    expect(useLockStore.getState().status).toBe('unlocked');
    expect(db.crypto.state).toBe('unlocked');
  });
});
