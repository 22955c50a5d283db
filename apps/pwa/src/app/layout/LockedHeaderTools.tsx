import { Box, Button, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { de } from '../../i18n/de';
import { LockedSyncStatus } from '../../sync/ui/LockedSyncStatus';
import { useLogoutGuard } from '../../sync/ui/useLogoutGuard';
import { useLogout } from './useLogout';

// The warning's dialog (Mantine's Modal) is in the `lib` chunk: it loads only when a sign-out
// finds changes still waiting.
const LogoutWarning = lazy(async () => ({ default: (await import('../../sync/ui/LogoutGuard')).LogoutWarning }));

/**
 * The locked header's right side: sync goes on while locked (the status shows it), and signing
 * out stays possible, with the same warning as in the frame (design §4.9). Profile and settings
 * wait for the unlock, so there is no user menu here. Mantine components of the first load only
 * (main.tsx): a locked page load paints this header without the `lib` chunk.
 */
export function LockedHeaderTools() {
  const logout = useLogout();
  const logoutGuard = useLogoutGuard(() => logout.mutate());
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <LockedSyncStatus />
        {/* On a phone the word does not fit beside the logo and the status: the icon stays, the
            name too (the same word as the visible label from 576 px on). */}
        <Button variant="subtle" aria-label={de.nav.logout} leftSection={<IconLogout size={18} aria-hidden />} loading={logout.isPending} onClick={logoutGuard.requestLogout}>
          <Box component="span" visibleFrom="xs">
            {de.nav.logout}
          </Box>
        </Button>
      </Group>
      {logoutGuard.warningProps.count !== null && (
        <Suspense fallback={null}>
          <LogoutWarning {...logoutGuard.warningProps} />
        </Suspense>
      )}
    </>
  );
}
