import { SettingsPage } from '../features/settings/SettingsPage';
import { useLogout } from './layout/useLogout';

/**
 * /settings with the app's sign-out for ending this device's own session (features may not import
 * app/, test/architecture/folderCycles.test.ts): the list's "Beenden" on the current session is a
 * full sign-out, local data included.
 */
export function SettingsRoute() {
  const logout = useLogout();
  return <SettingsPage endCurrentSession={() => logout.mutate()} />;
}
