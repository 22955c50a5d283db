import { Group } from '@mantine/core';
import { useSyncStore } from '../syncStore';
import { SyncStateText, SyncStatusIcon } from './SyncStatusParts';

/**
 * The lock screen's sync status (sync goes on while locked): the state and what waits.
 * The details popover and the time of the last sync wait for the unlock: the popover's code is in
 * the `lib` chunk, which a locked page load does not fetch, and the first date format built costs
 * ~85 ms on this machine, ~340 ms on Lighthouse's phone (docs/benchmarks.md "Lighthouse
 * on the signed-in pages").
 */
export function LockedSyncStatus() {
  const status = useSyncStore();
  return (
    <Group gap={8} wrap="nowrap" data-testid="locked-sync-status">
      <SyncStatusIcon status={status} />
      <SyncStateText status={status} always />
    </Group>
  );
}
