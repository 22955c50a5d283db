import { ActionIcon, Center, Loader, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { lockDe } from '../../i18n/lock.de';
import { useLockStore } from '../../sync/lockStore';
import { LockScreen } from './LockScreen';
import { useAutoLock } from './useAutoLock';

/** The app's content, or the lock screen while the device data is locked (issue 16). */
export function LockGate({ user, children }: { user: { id: number; name: string }; children: ReactNode }) {
  const status = useLockStore((s) => s.status);
  const viaSignIn = useLockStore((s) => s.viaSignIn);
  const locked = status !== 'unlocked';
  const queryClient = useQueryClient();
  useAutoLock();
  const wasUnlocked = useRef(false);
  useEffect(() => {
    // Server replies cached for screens (protocol details online) go with the lock: reset drops
    // their data and refetches only what is still shown (the navigation's organisation list).
    if (locked && wasUnlocked.current) void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    wasUnlocked.current = !locked;
  }, [locked, queryClient]);
  if (!locked) return children;
  // Right after signing in the password is already being checked: no lock screen in between.
  if (status === 'unlocking' && viaSignIn) {
    return (
      <Center mt="xl">
        <Loader aria-label={lockDe.unlocking} />
      </Center>
    );
  }
  return <LockScreen user={user} />;
}

/** The header's lock button. */
export function LockButton() {
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  if (!unlocked) return null;
  const onClick = () => {
    void import('../../sync/deviceUnlock').then(({ lockSignedInDevice }) => lockSignedInDevice({ discardedInput: false }));
  };
  return (
    <Tooltip label={lockDe.lockButton}>
      <ActionIcon variant="default" size="lg" aria-label={lockDe.lockButton} onClick={onClick}>
        <IconLock size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
