import { Badge, Group, Tooltip } from '@mantine/core';
import type { ServiceDisplayStatus } from '@sanidok/schema';
import { IconCloudUpload, IconLock } from '@tabler/icons-react';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe;

const statusColor: Record<ServiceDisplayStatus, string> = {
  active: 'sani',
  upcoming: 'blue',
  ended: 'gray',
  archived: 'dark',
  completed: 'teal',
  unknown: 'orange',
};

export function ServiceStatusBadge({ status }: { status: ServiceDisplayStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light" size="lg">
      {t.status[status]}
    </Badge>
  );
}

export function BlockedBadge() {
  return (
    <Badge color="red" variant="filled" size="lg" leftSection={<IconLock size={14} aria-hidden />}>
      {t.status.blocked}
    </Badge>
  );
}

/** Marks a service whose local change has not reached the server yet. */
export function PendingBadge() {
  return (
    <Tooltip label={t.pendingHint} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge color="orange" variant="outline" size="md" leftSection={<IconCloudUpload size={14} aria-hidden />} tabIndex={0}>
        {t.pending}
      </Badge>
    </Tooltip>
  );
}

/** Status and, when locked, 'Gesperrt' side by side. */
export function ServiceStatusBadges({ status, locked }: { status: ServiceDisplayStatus; locked: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <ServiceStatusBadge status={status} />
      {locked && <BlockedBadge />}
    </Group>
  );
}
