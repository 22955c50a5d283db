import { WrongPasswordError } from '@sanidok/crypto/device';
import { currentDatabase, openUserDatabase } from '../data/db';
import { lockDevice, unlockDevice } from '../data/crypto/deviceKeys';
import { useLockStore } from './lockStore';
import { activeSyncEngine } from './syncSession';
import { catchUpAfterUnlock } from './unlockCatchUp';

/**
 * Lock and unlock of the signed-in user's device data (issue 16). Signing in unlocks with the
 * password just typed (online), the lock screen with the password typed there (online or offline).
 */
export async function unlockSignedInDevice(user: { id: number; name: string }, password: string): Promise<boolean> {
  useLockStore.setState({ status: 'unlocking', error: null });
  const db = openUserDatabase(user.id, user.name);
  try {
    await unlockDevice(db, password);
    await catchUpAfterUnlock(db);
  } catch (error) {
    lockDevice(db);
    if (!(error instanceof WrongPasswordError)) console.error('Unlock failed', error);
    useLockStore.setState({ status: 'locked', error: error instanceof WrongPasswordError ? 'wrong-password' : 'failed' });
    return false;
  }
  useLockStore.setState({ status: 'unlocked', error: null, discardedInput: false });
  // What was pulled while locked is now readable; a fresh cycle also pushes what waited.
  activeSyncEngine()?.requestSync('manual');
  return true;
}

/** Drops the keys; the sync engine keeps running and seals what it pulls (data/crypto/rowCipher.ts). */
export function lockSignedInDevice(options: { discardedInput: boolean }): void {
  const db = currentDatabase();
  if (db) lockDevice(db);
  if (useLockStore.getState().status === 'locked') return;
  useLockStore.setState({ status: 'locked', error: null, discardedInput: options.discardedInput });
}
