import { Navigate, Outlet } from 'react-router-dom';
import { readLastUser } from '../api/lastUser';
import { useCurrentUser } from '../api/session';
import { FullPageLoader } from '../components/FullPageLoader';
import { useLockStore } from '../sync/lockStore';
import { LockedFrame } from './layout/LockedFrame';

/**
 * Signed-in area (docs/spec/accounts.md §2): spinner while the session loads (the lock screen when
 * the device remembers its user), /auth without a session, the lock screen while the device data
 * is locked — every full page load starts so. The frame and the page load only after
 * the unlock.
 */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  if (isLoading) {
    // While the server confirms the session, the lock screen of the device's last confirmed user
    // paints at once instead of a spinner: it shows only that user's name, which the device holds
    // anyway, and the unlock needs the local keyring, not the server. A refused session
    // then leads to /auth as below; the same element keeps the lock screen's state otherwise.
    const lastUser = unlocked ? null : readLastUser();
    return lastUser ? <LockedFrame user={lastUser} /> : <FullPageLoader />;
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!unlocked) return <LockedFrame user={user} />;
  return <Outlet />;
}

/** Platform administration: users without isAdmin go to the start page (docs/spec/accounts.md §6). */
export function RequireAdmin() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageLoader />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
