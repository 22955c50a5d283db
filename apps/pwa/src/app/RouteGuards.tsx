import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../api/session';
import { FullPageLoader } from '../components/FullPageLoader';
import { useLockStore } from '../sync/lockStore';
import { LockedFrame } from './layout/LockedFrame';

/**
 * Signed-in area (docs/spec/accounts.md §2): spinner while the session loads, /auth without a
 * session, the lock screen while the device data is locked (issue 16) — every full page load
 * starts so. The frame and the page load only after the unlock (issue 21).
 */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  if (isLoading) return <FullPageLoader />;
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
