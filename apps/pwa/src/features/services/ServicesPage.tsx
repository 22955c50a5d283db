import { Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOrganizations, usePendingIds, useServices } from '../../data/hooks';
import { de } from '../../i18n/de';
import { servicesDe } from '../../i18n/services.de';
import { CreateServiceDialog } from './CreateServiceDialog';
import type { ServiceTab } from './serviceGroups';
import { canManageServices, creatableOrganizations, groupServices, isServiceTab, serviceTabs } from './serviceGroups';
import { ServicesTable } from './ServicesTable';
import { useArchiveService } from './useArchiveService';
import { useNow } from './useNow';

const t = servicesDe.list;

/**
 * /services (docs/spec/services.md §2): Aktive, Geplante, Beendete Dienste, all read from the device. `?tab=`
 * picks the tab; `?action=new` (with `orgId`) opens the create dialog.
 */
export function ServicesPage() {
  const services = useServices();
  const organizations = useOrganizations();
  const pendingIds = usePendingIds();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const archive = useArchiveService();
  const [createdKey, setCreatedKey] = useState(0);

  const tabParam = params.get('tab');
  const tab: ServiceTab = isServiceTab(tabParam) ? tabParam : 'active';
  const groups = useMemo(() => groupServices(services ?? [], organizations ?? [], now), [services, organizations, now]);
  const creatable = useMemo(() => creatableOrganizations(organizations ?? []), [organizations]);
  const managesAny = (organizations ?? []).some((o) => canManageServices(o.role));
  // Opens for ?action=new once there is an organisation to create in; stays open until closed, even
  // if a pull changes the organisations meanwhile (the typed input must not get lost).
  const wantsCreate = params.get('action') === 'new';
  const [creating, setCreating] = useState(false);
  if (wantsCreate && !creating && creatable.length > 0) setCreating(true);
  if (!wantsCreate && creating) setCreating(false);
  const orgIdParam = Number(params.get('orgId')) || undefined;

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const selectTab = (value: string | null) => update((next) => (isServiceTab(value) ? next.set('tab', value) : next.delete('tab')));
  const openCreate = () => update((next) => next.set('action', 'new'));
  const closeCreate = () =>
    update((next) => {
      next.delete('action');
      next.delete('orgId');
    });
  const onCreated = (_id: string, createdTab: ServiceTab) => {
    setCreatedKey((k) => k + 1);
    update((next) => {
      next.delete('action');
      next.delete('orgId');
      next.set('tab', createdTab);
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.title}</Title>
        {managesAny && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate} disabled={creatable.length === 0}>
            {t.create}
          </Button>
        )}
      </Group>
      {organizations !== undefined && !managesAny && (
        <Text c="dimmed" size="sm">
          {t.noManagedOrganization}
        </Text>
      )}

      {services === undefined || organizations === undefined ? (
        <Loader aria-label={de.app.loading} />
      ) : (
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List>
            {serviceTabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t.tabs[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {serviceTabs.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {groups[value].length === 0 ? (
                <Paper withBorder p="lg">
                  <Text c="dimmed">{t.empty[value]}</Text>
                </Paper>
              ) : (
                <ServicesTable key={`${value}-${createdKey}`} label={t.tabs[value]} rows={groups[value]} pendingIds={pendingIds} onArchive={archive.ask} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <CreateServiceDialog opened={creating} organizations={creatable} initialOrganizationId={orgIdParam} onClose={closeCreate} onCreated={onCreated} />
      {archive.dialog}
    </Stack>
  );
}
