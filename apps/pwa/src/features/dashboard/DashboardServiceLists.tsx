import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { servicesDe } from '../../i18n/services.de';
import { formatDateTime } from '../../lib/format';
import { BlockedBadge, PendingBadge } from '../services/ServiceBadges';
import type { ServiceRow } from '../services/serviceGroups';

const t = servicesDe.dashboard;

/** Planned services shown on the dashboard (docs/spec/services.md §9). */
export const plannedPreviewCount = 3;

interface ItemProps {
  row: ServiceRow;
  pending: boolean;
  kind: 'active' | 'planned';
}

function ServiceItem({ row, pending, kind }: ItemProps) {
  const { service, locked } = row;
  // 'Bearbeiten' only for those who may change the service (owner, admin); everyone else opens it.
  const linkLabel = kind === 'planned' && row.canManage ? t.edit : t.open;
  return (
    <Paper component="li" withBorder p="md" aria-label={service.name}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{service.name}</Text>
            <Badge color={kind === 'active' ? 'sani' : 'blue'} variant="light">
              {kind === 'active' ? t.activeBadge : t.plannedBadge}
            </Badge>
            {locked && <BlockedBadge />}
            {pending && <PendingBadge />}
          </Group>
          <Text size="sm">{service.location}</Text>
          <Text size="sm" c="dimmed">
            {t.start}: {formatDateTime(service.startDate)}
            {kind === 'active' && ` · ${t.end}: ${formatDateTime(service.endDate)}`}
          </Text>
        </Stack>
        {locked ? (
          <Button variant="light" disabled>
            {linkLabel}
          </Button>
        ) : (
          <Button component={Link} to={`/services/${service.id}`} variant={kind === 'active' ? 'filled' : 'light'}>
            {linkLabel}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface ListProps {
  rows: readonly ServiceRow[];
  pendingIds: ReadonlySet<string>;
}

export function ActiveServicesList({ rows, pendingIds }: ListProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-active-list">
      <Title order={2} fz="h3" id="dashboard-active-list">
        {t.activeListTitle}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t.noActive}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.activeListTitle}>
          {rows.map((row) => (
            <ServiceItem key={row.service.id} row={row} pending={pendingIds.has(row.service.id)} kind="active" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The first three planned services; 'N weitere geplante Dienste anzeigen →' for the rest. */
export function PlannedServicesList({ rows, pendingIds }: ListProps) {
  const shown = rows.slice(0, plannedPreviewCount);
  const more = rows.length - shown.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-planned-list">
      <Title order={2} fz="h3" id="dashboard-planned-list">
        {t.plannedListTitle}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t.noPlanned}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.plannedListTitle}>
          {shown.map((row) => (
            <ServiceItem key={row.service.id} row={row} pending={pendingIds.has(row.service.id)} kind="planned" />
          ))}
        </Stack>
      )}
      {more > 0 && (
        <Anchor component={Link} to="/services?tab=planned" fw={600} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          {t.more(more)}
        </Anchor>
      )}
    </Stack>
  );
}
