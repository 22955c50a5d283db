import { WrongPasswordError } from '@sanidok/crypto/device';
import { devicePinShareReply } from '@sanidok/schema';
import { ApiError, apiSend } from '../api/client';
import { lockDevice, rewrapDevice, unlockDevice } from '../data/crypto/deviceKeys';
import type { ShareRequest } from '../data/crypto/devicePin';
import { enrolDevicePin, forgetDevicePin, unlockDeviceWithPin } from '../data/crypto/devicePin';
import type { SaniDokDb } from '../data/db';
import { currentDatabase, openUserDatabase } from '../data/db';
import { lockDe } from '../i18n/lock.de';
import { useLockStore } from './lockStore';
import { activeSyncEngine } from './syncSession';
import { catchUpAfterUnlock } from './unlockCatchUp';

/**
 * Lock and unlock of the signed-in user's device data (issue 16). Signing in unlocks with the
 * password just typed (online); the lock screen with the password (online or offline) or the PIN
 * (online only: the server holds half of the PIN key and counts wrong PINs).
 */
type User = { id: number; name: string };

async function runUnlock(db: SaniDokDb, unlock: () => Promise<void>, failure: (error: unknown) => Promise<string>, viaSignIn = false): Promise<boolean> {
  useLockStore.setState({ status: 'unlocking', error: null, viaSignIn });
  try {
    await unlock();
    await catchUpAfterUnlock(db);
  } catch (error) {
    lockDevice(db);
    useLockStore.setState({ status: 'locked', error: await failure(error), viaSignIn: false });
    return false;
  }
  useLockStore.setState({ status: 'unlocked', error: null, discardedInput: false, viaSignIn: false });
  // What was pulled while locked is now readable; a fresh cycle also pushes what waited.
  activeSyncEngine()?.requestSync('manual');
  return true;
}

/**
 * A sign-in password the server accepted but the keyring refused: the password was changed on
 * another device. Kept in memory only, until the earlier password unlocks here; then the keyring
 * is rewrapped under it.
 */
let acceptedBySignIn: string | null = null;

export async function unlockSignedInDevice(user: User, password: string, options: { signIn?: boolean } = {}): Promise<boolean> {
  const db = openUserDatabase(user.id, user.name);
  const unlocked = await runUnlock(db, () => unlockDevice(db, password), (error) => {
    if (error instanceof WrongPasswordError) {
      if (options.signIn) acceptedBySignIn = password;
      return Promise.resolve(options.signIn ? lockDe.earlierPassword : lockDe.wrongPassword);
    }
    console.error('Unlock failed', error);
    return Promise.resolve(lockDe.failed);
  }, options.signIn);
  if (unlocked && acceptedBySignIn && acceptedBySignIn !== password) await rewrapDevice(db, acceptedBySignIn);
  if (unlocked) acceptedBySignIn = null;
  return unlocked;
}

const fetchShare = (path: string): ShareRequest => async (input) => (await apiSend('POST', path, input, devicePinShareReply)).share;

export function unlockSignedInDeviceWithPin(user: User, pin: string): Promise<boolean> {
  const db = openUserDatabase(user.id, user.name);
  return runUnlock(db, () => unlockDeviceWithPin(db, pin, fetchShare('/api/device/pin/unlock')), async (error) => {
    if (error instanceof ApiError && error.code === 'PIN_LOCKED') {
      // The share is gone on the server: the PIN copy opens nothing any more.
      await forgetDevicePin(db);
      useLockStore.setState({ hasPin: false });
      return error.message;
    }
    if (error instanceof ApiError && error.code === 'PIN_WRONG') return error.message;
    if (error instanceof ApiError && error.status === 0) return lockDe.pinOffline;
    console.error('PIN unlock failed', error);
    return lockDe.failed;
  });
}

/** Settings: sets up the PIN of the unlocked device. Throws the server's German error. */
export async function enrolPinOnSignedInDevice(pin: string): Promise<void> {
  const db = currentDatabase();
  if (!db) throw new Error(lockDe.failed);
  await enrolDevicePin(db, pin, fetchShare('/api/device/pin'));
  useLockStore.setState({ hasPin: true });
}

/**
 * The account password changed on this device. A change made elsewhere leaves this tablet's
 * keyring under the earlier password until it is unlocked with that one here (docs/security.md).
 */
export async function rewrapForNewPassword(password: string): Promise<void> {
  const db = currentDatabase();
  if (db) await rewrapDevice(db, password);
}

/** Drops the keys; the sync engine keeps running and seals what it pulls (data/crypto/rowCipher.ts). */
export function lockSignedInDevice(options: { discardedInput: boolean }): void {
  if (useLockStore.getState().status === 'unlocked') useLockStore.setState({ error: null, discardedInput: options.discardedInput });
  const db = currentDatabase();
  if (db) lockDevice(db);
  useLockStore.setState({ status: 'locked' });
}
