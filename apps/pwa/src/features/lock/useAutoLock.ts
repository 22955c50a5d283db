import { useEffect } from 'react';
import { useLockStore } from '../../sync/lockStore';

/** Default inactivity before the lock (issue 16); a device may lower it (lockSettings.ts). */
export const defaultLockAfterMinutes = 5;
const settingKey = 'sanidok.lockAfterMinutes';
const activityEvents = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** The device's own inactivity time in minutes, never above the default. */
export function lockAfterMinutes(): number {
  try {
    const stored = Number(localStorage.getItem(settingKey));
    return stored > 0 ? Math.min(stored, defaultLockAfterMinutes) : defaultLockAfterMinutes;
  } catch {
    return defaultLockAfterMinutes;
  }
}

export function setLockAfterMinutes(minutes: number): void {
  try {
    localStorage.setItem(settingKey, String(Math.min(Math.max(1, Math.round(minutes)), defaultLockAfterMinutes)));
  } catch {
    // Storage unavailable: the default applies.
  }
}

function lockNow(): void {
  void import('../../sync/deviceUnlock').then(({ lockSignedInDevice }) => lockSignedInDevice({ discardedInput: true }));
}

/**
 * Locks after the inactivity time, when the tablet sleeps or the app goes to the background
 * (visibilitychange → hidden, pagehide). Runs only while unlocked.
 */
export function useAutoLock(): void {
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  useEffect(() => {
    if (!unlocked) return;
    const idleMs = lockAfterMinutes() * 60_000;
    let timer = setTimeout(lockNow, idleMs);
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(lockNow, idleMs);
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
  }, [unlocked]);
}
