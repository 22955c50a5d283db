import { Group, Indicator, Popover, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { syncDe } from '../../i18n/sync.de';
import { useSyncStore } from '../syncStore';
import { lastSyncLabel } from './labels';
import { SyncDetails } from './SyncDetails';
import { SyncStateText, SyncStatusIcon } from './SyncStatusParts';

/**
 * Header status (docs/spec/design.md §7): online/offline, changes waiting, last successful sync, and a
 * popover with rejected changes and their German reasons. Tablet-first: the compact badge stays
 * readable at a glance, the details are one tap away.
 */
export function SyncIndicator() {
  const status = useSyncStore();
  const attention = status.rejected.length > 0 || status.state === 'auth-required' || status.state === 'schema-mismatch' || status.persistence === 'denied';

  return (
    <Popover position="bottom-end" width={380} shadow="md" withArrow trapFocus={false}>
      <Popover.Target>
        {/* Named by its content (the visible state first, WCAG 2.5.3), then what a tap does. */}
        <UnstyledButton mih={44} px={6} title={lastSyncLabel(status.lastSyncAt)}>
          <Group gap={8} wrap="nowrap">
            <Indicator disabled={!attention} color="red" size={10} offset={2} processing={false}>
              <SyncStatusIcon status={status} />
            </Indicator>
            <SyncStateText status={status} />
            <VisuallyHidden>{syncDe.indicator.open}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <SyncDetails status={status} />
      </Popover.Dropdown>
    </Popover>
  );
}
