import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminService } from '@sanidok/schema';
import { isWithinServiceTime } from '@sanidok/schema';
import { useState } from 'react';
import { adminDe } from '../../i18n/de';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import type { AdminColumn } from './AdminTable';
import { AdminTable, BlockDeleteButtons } from './AdminTable';
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

function ActivityBadge({ active }: { active: boolean }) {
  return (
    <StatusBadge variant={active ? 'filled' : 'light'} color={active ? 'green' : 'gray'}>
      {active ? t.active : t.inactive}
    </StatusBadge>
  );
}

/** 'Sanitätsdienste': activity badge (now between start and end), block state, block/unblock, delete. */
export function ServicesTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const services = useAdminServices(debounced);
  const { action, setAction, askBlock, askDelete, pending } = useEntityActions('services', t);
  // Re-evaluated at every poll (10 s): a service becomes active without a reload.
  const now = new Date(services.dataUpdatedAt);
  const columns: readonly AdminColumn<AdminService>[] = [
    { header: t.name, cell: (s) => s.name, strong: true },
    { header: t.organization, cell: (s) => s.organizationName },
    { header: t.location, cell: (s) => s.location },
    { header: t.period, cell: (s) => formatPeriod(s.startDate, s.endDate), nowrap: true },
    { header: t.activity, cell: (s) => <ActivityBadge active={isWithinServiceTime(s, now)} /> },
    { header: adminDe.common.status, cell: (s) => <BlockBadge service={s} /> },
    { header: t.patientRecords, cell: (s) => s.patientRecordCount },
  ];

  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.services} value={search} onChange={setSearch} />
      <AdminTable
        query={services}
        label={t.tableLabel}
        minWidth={1000}
        columns={columns}
        rowKey={(s) => s.id}
        actions={(s) => <BlockDeleteButtons name={s.name} blocked={s.isBlocked} labels={t} onBlock={() => askBlock(s)} onDelete={() => askDelete(s)} />}
      />
      <ActionDialog request={action} pending={pending} onCancel={() => setAction(null)} />
    </Stack>
  );
}
