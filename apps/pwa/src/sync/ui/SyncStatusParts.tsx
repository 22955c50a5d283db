import { Badge, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { syncDe } from '../../i18n/sync.de';
import type { SyncStoreState } from '../syncStore';
import { pendingLabel } from './labels';

/**
 * The parts of the header's sync status that both headers show: the unlocked frame's indicator
 * (SyncIndicator.tsx, with its details popover) and the locked one (LockedSyncStatus.tsx). Only
 * components of the first load (main.tsx), so that the lock screen's header needs no `lib` chunk.
 */
export function SyncStatusIcon({ status }: { status: SyncStoreState }) {
  const needsAttention = status.state === 'auth-required' || status.state === 'schema-mismatch' || status.state === 'error';
  if (needsAttention) return <IconAlertTriangle size={20} color="var(--mantine-color-orange-7)" aria-hidden />;
  if (!status.online) return <IconCloudOff size={20} aria-hidden />;
  if ((status.pendingCount ?? 0) > 0) return <IconCloudUpload size={20} aria-hidden />;
  return <IconCloudCheck size={20} color="var(--mantine-color-sani-7)" aria-hidden />;
}

/**
 * 'Online' / 'Offline' and, when changes wait, their count. The unlocked header hides the badge on
 * phones (its popover names the state); `always` keeps it, where nothing else says it. The count
 * needs a tablet's width beside the logo and the buttons; on a phone the icon shows that changes wait.
 */
export function SyncStateText({ status, always = false }: { status: SyncStoreState; always?: boolean }) {
  const pending = status.pendingCount ?? 0;
  return (
    <>
      <Badge color={status.online ? 'sani' : 'gray'} variant="light" visibleFrom={always ? undefined : 'xs'}>
        {status.online ? syncDe.indicator.online : syncDe.indicator.offline}
      </Badge>
      {pending > 0 && (
        <Text size="sm" fw={500} visibleFrom="sm" data-testid="sync-pending">
          {pendingLabel(pending)}
        </Text>
      )}
    </>
  );
}
