import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminOrganization } from '@sanidok/schema';
import { useState } from 'react';
import { adminDe } from '../../i18n/de';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import type { AdminColumn } from './AdminTable';
import { AdminTable, BlockDeleteButtons } from './AdminTable';
import { formatDate } from './format';
import { useAdminOrganizations } from './queries';
import { StatusBadge } from './StatusBadge';
import { useEntityActions } from './useEntityActions';

const t = adminDe.organizations;

const columns: readonly AdminColumn<AdminOrganization>[] = [
  { header: t.name, cell: (o) => o.name, strong: true },
  { header: t.owner, cell: (o) => o.ownerUsername ?? adminDe.common.none },
  { header: t.members, cell: (o) => o.memberCount },
  { header: t.services, cell: (o) => o.serviceCount },
  { header: t.patientRecords, cell: (o) => o.patientRecordCount },
  {
    header: adminDe.common.status,
    cell: (o) => <StatusBadge color={o.isBlocked ? 'red' : 'green'}>{o.isBlocked ? adminDe.common.blocked : adminDe.common.unblocked}</StatusBadge>,
  },
  { header: adminDe.common.created, cell: (o) => formatDate(o.createdAt), nowrap: true },
];

/** 'Organisationen': search, block/unblock, delete (with the name typed when patient data is at stake). */
export function OrganizationsTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const organizations = useAdminOrganizations(debounced);
  const { action, setAction, askBlock, askDelete, pending } = useEntityActions('organizations', t);

  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.organizations} value={search} onChange={setSearch} />
      <AdminTable
        query={organizations}
        label={t.tableLabel}
        minWidth={900}
        columns={columns}
        rowKey={(o) => o.id}
        actions={(o) => <BlockDeleteButtons name={o.name} blocked={o.isBlocked} labels={t} onBlock={() => askBlock(o)} onDelete={() => askDelete(o)} />}
      />
      <ActionDialog request={action} pending={pending} onCancel={() => setAction(null)} />
    </Stack>
  );
}
