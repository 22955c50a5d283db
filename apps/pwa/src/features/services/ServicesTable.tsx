import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { servicesDe } from '../../i18n/services.de';
import { formatDateTime } from '../../lib/format';
import { PendingBadge, ServiceStatusBadges } from './ServiceBadges';
import { ServiceConflictBadge } from './ServiceConflictNotice';
import type { ServiceRow } from './serviceGroups';
import { ListPagination } from '../../components/ListPagination';

const t = servicesDe.list;

/** Rows per page: 2,000 services stay quick to render and to scroll on a tablet. */
export const servicesPageSize = 50;

interface ServicesTableProps {
  label: string;
  rows: readonly ServiceRow[];
  pendingIds: ReadonlySet<string>;
  onArchive: (row: ServiceRow) => void;
}

export function servicePeriod(startDate: string, endDate: string): string {
  return `${formatDateTime(startDate)} – ${formatDateTime(endDate)}`;
}

// The actions keep their labels on one line (the table scrolls sideways instead): squeezed,
// 'Zum Sanitätsdienst' split inside the word.
const oneLine = { label: { whiteSpace: 'nowrap' as const } };

function RowActions({ row, onArchive }: { row: ServiceRow; onArchive: (row: ServiceRow) => void }) {
  const { service, status, locked } = row;
  const label = status === 'active' ? t.open : t.view;
  return (
    <Group gap="xs" wrap="nowrap">
      {locked ? (
        <Button size="sm" variant={status === 'active' ? 'filled' : 'light'} styles={oneLine} disabled>
          {label}
        </Button>
      ) : (
        <Button size="sm" variant={status === 'active' ? 'filled' : 'light'} styles={oneLine} component={Link} to={`/services/${service.id}`}>
          {label}
        </Button>
      )}
      {status === 'ended' && row.canManage && (
        <Button size="sm" variant="default" styles={oneLine} disabled={locked} onClick={() => onArchive(row)}>
          {t.archive}
        </Button>
      )}
    </Group>
  );
}

/**
 * One tab of /services. Rows come grouped from one live query (no query per row); a page shows
 * 50 of them. A blocked service or organisation gets a lock notice and disabled actions.
 */
export function ServicesTable({ label, rows, pendingIds, onArchive }: ServicesTableProps) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / servicesPageSize));
  const current = Math.min(page, pages);
  const from = (current - 1) * servicesPageSize;
  const visible = rows.slice(from, from + servicesPageSize);

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.name}</Table.Th>
              <Table.Th>{t.columns.location}</Table.Th>
              <Table.Th>{t.columns.period}</Table.Th>
              <Table.Th>{t.columns.status}</Table.Th>
              <Table.Th>{t.columns.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr
                key={row.service.id}
                data-locked={row.locked || undefined}
                style={row.locked ? { backgroundColor: 'var(--mantine-color-red-0)' } : undefined}
              >
                <Table.Td>
                  <Stack gap={4}>
                    <Text fw={600} style={row.locked ? { opacity: 0.7 } : undefined}>
                      {row.service.name}
                    </Text>
                    {pendingIds.has(row.service.id) && <PendingBadge />}
                    <ServiceConflictBadge service={row.service} />
                    {row.locked && (
                      <Group gap={4} wrap="nowrap" c="red.9" role="note">
                        <IconLock size={16} aria-hidden />
                        <Text size="sm" fw={500}>
                          {servicesDe.lock.rowNotice}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{row.service.location}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{servicePeriod(row.service.startDate, row.service.endDate)}</Table.Td>
                <Table.Td>
                  <ServiceStatusBadges status={row.status} locked={row.locked} />
                </Table.Td>
                <Table.Td>
                  <RowActions row={row} onArchive={onArchive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination total={pages} value={current} onChange={setPage} label={t.pagination} range={t.rowsShown(from + 1, from + visible.length, rows.length)} />
    </Stack>
  );
}
