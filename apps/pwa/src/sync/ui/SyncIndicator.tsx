import { Badge, Group, Indicator, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { syncDe } from '../../i18n/sync.de';
import type { SyncStoreState } from '../syncStore';
import { useSyncStore } from '../syncStore';
import { lastSyncLabel, pendingLabel } from './labels';
import { SyncDetails } from './SyncDetails';

function StatusIcon({ status }: { status: SyncStoreState }) {
  const needsAttention = status.state === 'auth-required' || status.state === 'schema-mismatch' || status.state === 'error';
  if (needsAttention) return <IconAlertTriangle size={20} color="var(--mantine-color-orange-7)" aria-hidden />;
  if (!status.online) return <IconCloudOff size={20} aria-hidden />;
  if ((status.pendingCount ?? 0) > 0) return <IconCloudUpload size={20} aria-hidden />;
  return <IconCloudCheck size={20} color="var(--mantine-color-sani-7)" aria-hidden />;
}

/**
 * Header status (docs/spec/design.md §7): online/offline, changes waiting, last successful sync, and a
 * popover with rejected changes and their German reasons. Tablet-first: the compact badge stays
 * readable at a glance, the details are one tap away.
 */
export function SyncIndicator() {
  const status = useSyncStore();
  const pending = status.pendingCount ?? 0;
  const attention = status.rejected.length > 0 || status.state === 'auth-required' || status.state === 'schema-mismatch' || status.persistence === 'denied';

  return (
    <Popover position="bottom-end" width={380} shadow="md" withArrow trapFocus={false}>
      <Popover.Target>
        {/* Named by its content (the visible state first, WCAG 2.5.3), then what a tap does. */}
        <UnstyledButton mih={44} px={6} title={lastSyncLabel(status.lastSyncAt)}>
          <Group gap={8} wrap="nowrap">
            <Indicator disabled={!attention} color="red" size={10} offset={2} processing={false}>
              <StatusIcon status={status} />
            </Indicator>
            <Badge color={status.online ? 'sani' : 'gray'} variant="light" visibleFrom="xs">
              {status.online ? syncDe.indicator.online : syncDe.indicator.offline}
            </Badge>
            {pending > 0 && (
              <Text size="sm" fw={500} visibleFrom="sm" data-testid="sync-pending">
                {pendingLabel(pending)}
              </Text>
            )}
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
