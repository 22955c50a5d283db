import { Button, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { adminDe, de } from '../../i18n/de';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import { formatDate } from './format';
import { useAdminOrganizations } from './queries';
import { StatusBadge } from './StatusBadge';
import { useEntityActions } from './useEntityActions';

const t = adminDe.organizations;

/** 'Organisationen': search, block/unblock, delete (with the name typed when patient data is at stake). */
export function OrganizationsTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const organizations = useAdminOrganizations(debounced);
  const { action, setAction, askBlock, askDelete, pending } = useEntityActions('organizations', t);
  const rows = organizations.data ?? [];

  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.organizations} value={search} onChange={setSearch} />
      {organizations.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {organizations.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {organizations.isSuccess && rows.length === 0 && <Text c="dimmed">{adminDe.search.noResults}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={900} aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th>{t.owner}</Table.Th>
                <Table.Th>{t.members}</Table.Th>
                <Table.Th>{t.services}</Table.Th>
                <Table.Th>{t.patientRecords}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{adminDe.common.created}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((organization) => (
                <Table.Tr key={organization.id}>
                  <Table.Td fw={500}>{organization.name}</Table.Td>
                  <Table.Td>{organization.ownerUsername ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{organization.memberCount}</Table.Td>
                  <Table.Td>{organization.serviceCount}</Table.Td>
                  <Table.Td>{organization.patientRecordCount}</Table.Td>
                  <Table.Td>
                    <StatusBadge color={organization.isBlocked ? 'red' : 'green'}>
                      {organization.isBlocked ? adminDe.common.blocked : adminDe.common.unblocked}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(organization.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        color={organization.isBlocked ? 'green' : 'orange'}
                        aria-label={organization.isBlocked ? t.unblockLabel(organization.name) : t.blockLabel(organization.name)}
                        onClick={() => askBlock(organization)}
                      >
                        {organization.isBlocked ? adminDe.common.unblock : adminDe.common.block}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" aria-label={t.deleteLabel(organization.name)} onClick={() => askDelete(organization)}>
                        {adminDe.common.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ActionDialog request={action} pending={pending} onCancel={() => setAction(null)} />
    </Stack>
  );
}
