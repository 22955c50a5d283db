import { Group } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { LogoutWarning, useLogoutGuard } from '../../sync/ui/LogoutGuard';
import { SyncIndicator } from '../../sync/ui/SyncIndicator';
import { useLogout } from './useLogout';
import { UserMenu } from './UserMenu';

/** The locked header's right side: sync goes on while locked (the indicator shows it), and signing out stays possible. */
export function LockedHeaderTools({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const logoutGuard = useLogoutGuard(() => logout.mutate());
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <SyncIndicator />
        <UserMenu user={user} onLogout={logoutGuard.requestLogout} />
      </Group>
      <LogoutWarning {...logoutGuard.warningProps} />
    </>
  );
}
