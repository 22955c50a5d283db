import { Button, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminService } from '@sanidok/schema';
import { isWithinServiceTime } from '@sanidok/schema';
import { useState } from 'react';
import { adminDe, de } from '../../i18n/de';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import { formatPeriod } from './format';
import { useAdminServices } from './queries';
import { StatusBadge } from './StatusBadge';
import { useEntityActions } from './useEntityActions';

const t = adminDe.services;

function BlockBadge({ service }: { service: AdminService }) {
  if (service.isBlocked) return <StatusBadge color="red">{adminDe.common.blocked}</StatusBadge>;
  if (service.organizationBlocked) return <StatusBadge color="orange">{t.organizationBlocked}</StatusBadge>;
  return <StatusBadge color="green">{adminDe.common.unblocked}</StatusBadge>;
}

/** 'Sanitätsdienste': activity badge (now between start and end), block state, block/unblock, delete. */
export function ServicesTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const services = useAdminServices(debounced);
  const { action, setAction, askBlock, askDelete, pending } = useEntityActions('services', t);
  const rows = services.data ?? [];
  // Re-evaluated at every poll (10 s): a service becomes active without a reload.
  const now = new Date(services.dataUpdatedAt);

  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.services} value={search} onChange={setSearch} />
      {services.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {services.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {services.isSuccess && rows.length === 0 && <Text c="dimmed">{adminDe.search.noResults}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={1000} aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th>{t.organization}</Table.Th>
                <Table.Th>{t.location}</Table.Th>
                <Table.Th>{t.period}</Table.Th>
                <Table.Th>{t.activity}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{t.patientRecords}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((service) => {
                const active = isWithinServiceTime(service, now);
                return (
                  <Table.Tr key={service.id}>
                    <Table.Td fw={500}>{service.name}</Table.Td>
                    <Table.Td>{service.organizationName}</Table.Td>
                    <Table.Td>{service.location}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod(service.startDate, service.endDate)}</Table.Td>
                    <Table.Td>
                      <StatusBadge variant={active ? 'filled' : 'light'} color={active ? 'green' : 'gray'}>
                        {active ? t.active : t.inactive}
                      </StatusBadge>
                    </Table.Td>
                    <Table.Td>
                      <BlockBadge service={service} />
                    </Table.Td>
                    <Table.Td>{service.patientRecordCount}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          color={service.isBlocked ? 'green' : 'orange'}
                          aria-label={service.isBlocked ? t.unblockLabel(service.name) : t.blockLabel(service.name)}
                          onClick={() => askBlock(service)}
                        >
                          {service.isBlocked ? adminDe.common.unblock : adminDe.common.block}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(service.name)} onClick={() => askDelete(service)}>
                          {adminDe.common.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ActionDialog request={action} pending={pending} onCancel={() => setAction(null)} />
    </Stack>
  );
}
