import { useState } from 'react';

export interface LogoutWarningProps {
  /** Pending changes; null keeps the dialog closed. */
  count: number | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Wraps the sign-out action (design §4.9): with pending changes it first opens the warning
 * (LogoutGuard.tsx), counting them from the database at the moment of the click rather than
 * trusting a possibly stale figure. The count's code is loaded with the call: the locked header
 * uses this hook from the first load (app/layout/LockedHeaderTools.tsx), the sync session's chunk
 * is there by then.
 */
export function useLogoutGuard(signOut: () => void) {
  const [count, setCount] = useState<number | null>(null);
  const requestLogout = () => {
    void import('../syncSession')
      .then(({ countPendingChanges }) => countPendingChanges())
      // Unreadable database: still sign out; endSyncSession keeps a database it cannot count.
      .catch(() => 0)
      .then((pending) => {
        if (pending > 0) setCount(pending);
        else signOut();
      });
  };
  const warningProps: LogoutWarningProps = {
    count,
    onCancel: () => setCount(null),
    onConfirm: () => {
      setCount(null);
      signOut();
    },
  };
  return { requestLogout, warningProps };
}
