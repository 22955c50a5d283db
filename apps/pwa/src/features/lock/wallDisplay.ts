import { useSyncExternalStore } from 'react';

/**
 * The board as a wall display (`/services/:id/board?wall=1`) shows counts, protocol numbers, the
 * team and the diary, no patient's name or findings: it does not lock when nobody touches it
 * (./useAutoLock.ts), since a TV at the station is never touched. Leaving it locks the app at once,
 * so the unattended screen never becomes a way into the patient data (docs/security.md).
 */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  open = value;
  for (const listener of listeners) listener();
}

export function useWallDisplayOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

/** Called by the wall display when it shows; the returned function when it goes (it locks the app). */
export function enterWallDisplay(): () => void {
  set(true);
  return () => {
    set(false);
    void import('../../sync/deviceUnlock').then(({ lockSignedInDevice }) => lockSignedInDevice({ discardedInput: false }));
  };
}
