import type { PublicUser } from '@sanidok/schema';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { lostDeviceUser } from '../api/deviceLost';
import { fetchCurrentUser, sessionKeys } from '../api/session';

/**
 * Runs the sync engine while a user is signed in: opens `sanidok-<userId>` and starts syncing when
 * the session query knows a user, stops and closes it when the user goes away or changes.
 * It only observes the session query (enabled: false), so it adds no request of its own.
 * The engine and the database (Dexie) load with the first signed-in user, not with the landing
 * page (docs/decisions.md, "Route-level code splitting"); start and end run in import order.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const { data: user } = useQuery<PublicUser | null>({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: false,
  });
  // Nobody signed in, but the server called this device lost: its last user's engine runs once
  // more, to push the outbox before the wipe (api/deviceLost.ts, docs/decisions.md "A lost device
  // pushes, then wipes itself"). A sign-in starts the user's own engine in its place.
  const lost = user ? null : lostDeviceUser();
  const target = user ? { id: user.id, name: user.fullName || user.username } : lost;
  const key = target ? `${target.id}:${lost ? 'lost' : 'user'}` : undefined;

  useEffect(() => {
    if (!target) return;
    let ended = false;
    const syncSession = import('./syncSession');
    void syncSession.then(({ startSyncSession, resumeDeviceWipe }) => {
      if (!ended && !resumeDeviceWipe()) startSyncSession(target);
    });
    return () => {
      ended = true;
      void syncSession.then(({ endSyncSession }) => endSyncSession());
    };
    // The name only labels rows made offline; a profile edit must not restart the engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return children;
}
