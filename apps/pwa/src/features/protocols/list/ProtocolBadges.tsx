import { Badge, Group } from '@mantine/core';
import type { ProtocolStatus } from '@sanidok/schema';
import { isProtocolOpen, protocolListLabel, protocolStatusLabel } from '@sanidok/schema';

// Dark shades, filled: white text on them meets WCAG AA contrast.
const statusColors: Record<ProtocolStatus, string> = {
  active: 'blue.8',
  transferred: 'violet.8',
  discharged: 'teal.9',
  cancelled: 'red.9',
};

const colorOf = (status: string): string => (Object.hasOwn(statusColors, status) ? statusColors[status as ProtocolStatus] : 'gray.8');

/** The status as the detail names it: Aktiv, Verlegt, Entlassen, Abgebrochen (docs/spec/services.md §4). */
export function ProtocolStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={colorOf(status)} variant="filled">
      {protocolStatusLabel(status)}
    </Badge>
  );
}

/**
 * The list's badges (docs/spec/services.md §4): 'In Behandlung' while active; afterwards the status ('Entlassen')
 * and 'Abgeschlossen'.
 */
export function ProtocolListBadges({ status }: { status: string }) {
  if (isProtocolOpen(status)) {
    return (
      <Badge color={colorOf(status)} variant="filled">
        {protocolListLabel(status)}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      <ProtocolStatusBadge status={status} />
      <Badge color="gray.8" variant="outline">
        {protocolListLabel(status)}
      </Badge>
    </Group>
  );
}
