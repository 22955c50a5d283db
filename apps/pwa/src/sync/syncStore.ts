import { create } from 'zustand';
import type { PersistenceState } from '../data/db';

export type SyncState = 'idle' | 'syncing' | 'error' | 'auth-required' | 'schema-mismatch';

export interface RejectedChange {
  mutationId: string;
  seq: number;
  /** Mutation name, e.g. 'service.create'; the indicator shows a German label for it. */
  name: string;
  /** The server's German reason. */
  message: string;
  /** When the server's refusal reached the device. */
  at: string;
}

export interface SyncStoreState {
  /** false after `offline` or when the server could not be reached. */
  online: boolean;
  /** Changes waiting for the server; null while the signed-in user's outbox is not yet counted. */
  pendingCount: number | null;
  lastSyncAt: string | null;
  rejected: RejectedChange[];
  state: SyncState;
  /** German text for 'error' and 'schema-mismatch'. */
  message: string | null;
  persistence: PersistenceState | null;
}

export const initialSyncState: SyncStoreState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pendingCount: 0,
  lastSyncAt: null,
  rejected: [],
  state: 'idle',
  message: null,
  persistence: null,
};

/**
 * What the sync indicator, the logout warning and the update prompt show. Only the engine writes
 * it; outbox figures come from a live query, so every tab sees the same numbers.
 */
export const useSyncStore = create<SyncStoreState>()(() => ({ ...initialSyncState }));

export function resetSyncStore(): void {
  useSyncStore.setState({ ...initialSyncState, online: typeof navigator === 'undefined' ? true : navigator.onLine });
}
