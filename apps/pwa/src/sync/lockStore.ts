import { create } from 'zustand';

/**
 * Whether the signed-in user's device data is unlocked (issue 16). Free of Dexie, so the layout can
 * show the lock screen without loading the database code. Written by ./deviceUnlock.ts only.
 */
export type LockStatus = 'locked' | 'unlocking' | 'unlocked';
export type UnlockError = 'wrong-password' | 'failed' | null;

export interface LockStoreState {
  status: LockStatus;
  error: UnlockError;
  /** Locked while the app was in use: unsaved input was discarded, the lock screen says so. */
  discardedInput: boolean;
}

export const useLockStore = create<LockStoreState>(() => ({ status: 'locked', error: null, discardedInput: false }));
