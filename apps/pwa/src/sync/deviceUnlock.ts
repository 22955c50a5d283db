import { PrfUnwrapError, WrongPasswordError } from '@sanidok/crypto/device';
import { devicePinShareReply } from '@sanidok/schema';
import { ApiError, apiSend } from '../api/client';
import { lockDevice, rewrapDevice, unlockDevice } from '../data/crypto/deviceKeys';
import type { ShareRequest } from '../data/crypto/devicePin';
import { enrolDevicePin, forgetDevicePin, unlockDeviceWithPin } from '../data/crypto/devicePin';
import { enrolDevicePrf, forgetDevicePrf, unlockDeviceWithPrf } from '../data/crypto/devicePrf';
import type { SaniDokDb } from '../data/db';
import { currentDatabase, openUserDatabase } from '../data/db';
import { lockDe } from '../i18n/lock.de';
import { createPlatformPrfCredential, platformPrfOutput, PrfUnsupportedError } from '../lib/platformAuthenticator';
import { useLockStore } from './lockStore';
import { registerDeviceKey } from './deviceKeyRegistration';
import { activeSyncEngine } from './syncSession';
import { catchUpAfterUnlock } from './unlockCatchUp';

/**
 * Lock and unlock of the signed-in user's device data. Signing in unlocks with the
 * password just typed (online); the lock screen with the password (online or offline), the PIN
 * (online only: the server holds half of the PIN key and counts wrong PINs) or the device lock
 * (WebAuthn PRF, online and offline: the secret lives in the platform authenticator).
 */
type User = { id: number; name: string };

/**
 * Counts the locks (idle, sleep, button). One while an unlock still runs its catch-up wins: the
 * unlock ends locked and says nothing (e2e devicePrfUnlock.spec.ts met it on a slow CI).
 */
let locks = 0;

/**
 * The unlock under way. A second attempt on the same database while it runs (a double tap, the
 * PIN typed while the password is still being checked) gets its result instead of racing it: two
 * unlocks side by side replaced each other's keys mid-way and could end 'unlocked' without keys
 * (seen in e2e pwa.spec.ts, where the test's lock handler fired twice).
 */
let underWay: { db: SaniDokDb; result: Promise<boolean> } | null = null;

function runUnlock(db: SaniDokDb, unlock: () => Promise<void>, failure: (error: unknown) => Promise<string>, viaSignIn = false): Promise<boolean> {
  if (underWay?.db === db) return underWay.result;
  const result = attemptUnlock(db, unlock, failure, viaSignIn).finally(() => {
    if (underWay?.result === result) underWay = null;
  });
  underWay = { db, result };
  return result;
}

async function attemptUnlock(db: SaniDokDb, unlock: () => Promise<void>, failure: (error: unknown) => Promise<string>, viaSignIn: boolean): Promise<boolean> {
  const locksBefore = locks;
  useLockStore.setState({ status: 'unlocking', error: null, viaSignIn });
  try {
    await unlock();
    await catchUpAfterUnlock(db);
  } catch (error) {
    lockDevice(db);
    // Signed out while the unlock ran: the database was closed under it (DatabaseClosedError).
    // Nothing failed that the user could act on; the next sign-in unlocks its own database.
    if (currentDatabase() !== db || locks !== locksBefore) {
      useLockStore.setState({ status: 'locked', error: null, viaSignIn: false });
      return false;
    }
    useLockStore.setState({ status: 'locked', error: await failure(error), viaSignIn: false });
    return false;
  }
  if (locks !== locksBefore) {
    lockDevice(db);
    useLockStore.setState({ status: 'locked', error: null, viaSignIn: false });
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
  // The password is at hand only now: the server learns the key it seals patient data to. Not
  // awaited: the unlock does not wait for the network; a new registration starts a sync.
  if (unlocked) {
    void registerDeviceKey(db, password).then((registered) => {
      if (registered) activeSyncEngine()?.requestSync('manual');
    });
  }
  return unlocked;
}

const fetchShare = (path: string): ShareRequest => async (input) => (await apiSend('POST', path, input, devicePinShareReply)).share;

export function unlockSignedInDeviceWithPin(user: User, pin: string): Promise<boolean> {
  const db = openUserDatabase(user.id, user.name);
  return runUnlock(db, () => unlockDeviceWithPin(db, pin, fetchShare('/api/device/pin/unlock')), async (error) => {
    if (error instanceof ApiError && error.code === 'PIN_LOCKED') {
      // The share is gone on the server: the PIN copy opens nothing any more.
      await forgetDevicePin(db);
      useLockStore.setState({ hasPin: false, hasPrf: false });
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

function isNotAllowed(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** Lock screen: the platform authenticator's PRF output opens the device's copy of the data key. */
export function unlockSignedInDeviceWithPrf(user: User): Promise<boolean> {
  const db = openUserDatabase(user.id, user.name);
  return runUnlock(db, () => unlockDeviceWithPrf(db, platformPrfOutput), (error) => {
    // Cancelled, timed out, or the credential is gone from the authenticator: the browser does not say which.
    if (isNotAllowed(error)) return Promise.resolve(lockDe.prfCancelled);
    if (error instanceof PrfUnwrapError || error instanceof PrfUnsupportedError) return Promise.resolve(lockDe.prfWrong);
    console.error('Device-lock unlock failed', error);
    return Promise.resolve(lockDe.failed);
  });
}

export type PrfEnrolmentResult = 'enrolled' | 'unsupported' | 'cancelled' | 'refused';

/** Settings: the device lock as quick unlock of the unlocked device. Other failures throw. */
export async function enrolPrfOnSignedInDevice(): Promise<PrfEnrolmentResult> {
  const db = currentDatabase();
  if (!db) throw new Error(lockDe.failed);
  try {
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, { name: db.userName || 'SaniDok' }));
  } catch (error) {
    if (error instanceof PrfUnsupportedError) return 'unsupported';
    if (isNotAllowed(error)) return 'cancelled';
    // WebAuthn refuses the relying party, e.g. the app opened under an IP address.
    if (error instanceof DOMException && error.name === 'SecurityError') return 'refused';
    throw error;
  }
  useLockStore.setState({ hasPrf: true });
  return 'enrolled';
}

export async function removePrfOnSignedInDevice(): Promise<void> {
  const db = currentDatabase();
  if (db) await forgetDevicePrf(db);
  useLockStore.setState({ hasPrf: false });
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
  locks += 1;
  if (useLockStore.getState().status === 'unlocked') useLockStore.setState({ error: null, discardedInput: options.discardedInput });
  const db = currentDatabase();
  if (db) lockDevice(db);
  useLockStore.setState({ status: 'locked' });
}
