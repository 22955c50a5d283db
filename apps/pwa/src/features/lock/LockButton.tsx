import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lockDe } from '../../i18n/lock.de';
import { hasUnsavedForms } from '../../data/drafts/draftStore';
import { useLockStore } from '../../sync/lockStore';

/** The header's lock button: the lock screen then replaces the frame (app/layout/LockedFrame.tsx). */
export function LockButton() {
  const unlocked = useLockStore((s) => s.status === 'unlocked');
  if (!unlocked) return null;
  const onClick = () => {
    void import('../../sync/deviceUnlock').then(({ lockSignedInDevice }) => lockSignedInDevice({ discardedInput: hasUnsavedForms() }));
  };
  return (
    <Tooltip label={lockDe.lockButton}>
      <ActionIcon variant="default" size="lg" aria-label={lockDe.lockButton} onClick={onClick}>
        <IconLock size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
