import { Box, Center, Group, Loader } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { LockScreen } from '../../features/lock/LockScreen';
import { lockDe } from '../../i18n/lock.de';
import { useLockStore } from '../../sync/lockStore';
import { Logo } from './Logo';

// The sync status and the sign-out button need the API client and the sync texts, which the
// landing page does not: they join the header a moment after the lock screen (no `lib` chunk).
const LockedHeaderTools = lazy(async () => ({ default: (await import('./LockedHeaderTools')).LockedHeaderTools }));

/**
 * The signed-in area while the device data is locked: the logo, the lock screen, and
 * once loaded the sync status and a sign-out button. Built from the code of the first load only,
 * so that a full page load paints it without waiting for the frame's and the page's chunks
 * (docs/benchmarks.md "Lighthouse on the signed-in pages"); nothing of the route's
 * screen is mounted, so no patient data is on screen or in React state. The URL stays: the
 * unlock returns to the same place.
 */
export function LockedFrame({ user }: { user: PublicUser }) {
  const viaSignIn = useLockStore((s) => s.status === 'unlocking' && s.viaSignIn);
  const queryClient = useQueryClient();
  useEffect(() => {
    // Server replies cached for screens (protocol details online) go with the lock; the session stays.
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  }, [queryClient]);
  return (
    <>
      <Box component="header" h={64} px="md" className="sanidok-locked-header">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Suspense fallback={null}>
            <LockedHeaderTools />
          </Suspense>
        </Group>
      </Box>
      <Box component="main" p="md">
        {/* Right after signing in the password is already being checked: no lock screen in between. */}
        {viaSignIn ? (
          <Center mt="xl">
            <Loader aria-label={lockDe.unlocking} />
          </Center>
        ) : (
          <LockScreen user={{ id: user.id, name: user.fullName || user.username }} />
        )}
      </Box>
    </>
  );
}
