import { useEffect } from 'react';
import { useOrganizations } from '../../data/hooks';
import { hasUnsavedForms } from '../../data/drafts/draftStore';
import { useLockStore } from '../../sync/lockStore';
import { deviceLockChoice, effectiveLockMinutes, organizationLockLimit } from './lockTime';
import { useWallDisplayOpen } from './wallDisplay';

const activityEvents = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

function lockNow(): void {
  void import('../../sync/deviceUnlock').then(({ lockSignedInDevice }) => lockSignedInDevice({ discardedInput: hasUnsavedForms() }));
}

/**
 * Locks after the inactivity time, when the tablet sleeps or the app goes to the background
 * (visibilitychange → hidden, pagehide). Runs only while unlocked.
 */
export function useAutoLock(): void {
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  // A new limit from the owner takes effect with the pull that brings it.
  const limit = organizationLockLimit(useOrganizations());
  // The wall display is never touched and shows no patient data: no idle lock there (./wallDisplay.ts).
  const wall = useWallDisplayOpen();
  useEffect(() => {
    if (!unlocked) return;
    const idleMs = effectiveLockMinutes(deviceLockChoice(), limit) * 60_000;
    const startIdle = () => (wall ? undefined : setTimeout(lockNow, idleMs));
    let timer = startIdle();
    const onActivity = () => {
      clearTimeout(timer);
      timer = startIdle();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') lockNow();
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', lockNow);
    return () => {
      clearTimeout(timer);
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', lockNow);
    };
  }, [unlocked, limit, wall]);
}
