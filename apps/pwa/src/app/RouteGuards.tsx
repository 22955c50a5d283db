import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../api/session';
import { FullPageLoader } from '../components/FullPageLoader';

/** Signed-in area (docs/spec/accounts.md §2): spinner while the session loads, /auth without a session. */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageLoader />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** Platform administration: users without isAdmin go to the start page (docs/spec/accounts.md §6). */
export function RequireAdmin() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageLoader />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
