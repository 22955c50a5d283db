import { create } from 'zustand';

/**
 * Whether the signed-in user's device data is unlocked. Free of Dexie, so the layout can
 * show the lock screen without loading the database code. Written by ./deviceUnlock.ts only.
 */
export type LockStatus = 'locked' | 'unlocking' | 'unlocked';

export interface LockStoreState {
  status: LockStatus;
  /** German reason of the last failed unlock (wrong password, wrong PIN with the count left). */
  error: string | null;
  /** Locked while the app was in use: unsaved input was discarded, the lock screen says so. */
  discardedInput: boolean;
  /** The device has a PIN copy of its key: the lock screen offers the PIN (online). */
  hasPin: boolean;
  /** The device has a copy under the platform authenticator (WebAuthn PRF): offered online and offline. */
  hasPrf: boolean;
  /** The unlock under way runs with the password just typed to sign in: no lock screen meanwhile. */
  viaSignIn: boolean;
  /**
   * hasPin and hasPrf are read from this session's database. Until then the lock screen shows no
   * form: it would start with the password and switch to the PIN under the user's fingers.
   */
  methodsKnown: boolean;
}

export const useLockStore = create<LockStoreState>(() => ({ status: 'locked', error: null, discardedInput: false, hasPin: false, hasPrf: false, viaSignIn: false, methodsKnown: false }));
