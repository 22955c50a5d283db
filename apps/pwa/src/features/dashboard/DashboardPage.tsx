import { Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useOrganizations, usePendingIds, useServices } from '../../data/hooks';
import { de } from '../../i18n/de';
import { servicesDe } from '../../i18n/services.de';
import { usePendingInvitationCount } from '../organizations/usePendingInvitationCount';
import { creatableOrganizations, groupServices } from '../services/serviceGroups';
import { useNow } from '../services/useNow';
import { DashboardCards } from './DashboardCards';
import { ActiveServicesList, PlannedServicesList } from './DashboardServiceLists';
import { InfoCard } from './InfoCard';
import { InvitationsNotice } from './InvitationsNotice';

/**
 * /dashboard (docs/spec/services.md §2): counts of running and planned services, quick access, the service
 * lists and the info card, all from the device (works offline). The status is recomputed every
 * minute, so a service moves from 'Geplant' to 'Aktiv' without a reload. It offers only what the user may do:
 * 'Sanitätsdienst erstellen' needs an organisation where the user plans services and that is not blocked (the
 * rule of packages/schema serviceRules.ts, as the server applies it), the archive needs ownership.
 */
export function DashboardPage() {
  const services = useServices();
  const organizations = useOrganizations();
  const pendingIds = usePendingIds();
  const now = useNow();
  const groups = useMemo(() => groupServices(services ?? [], organizations ?? [], now), [services, organizations, now]);
  const ownsOrganization = (organizations ?? []).some((o) => o.role === 'owner');
  const mayCreateService = creatableOrganizations(organizations ?? []).length > 0;
  const invitations = usePendingInvitationCount();
  const loading = services === undefined || organizations === undefined;

  return (
    <Stack gap="lg">
      <Title order={1}>{servicesDe.dashboard.title}</Title>
      {invitations > 0 && <InvitationsNotice count={invitations} />}
      <DashboardCards
        activeCount={loading ? null : groups.active.length}
        plannedCount={loading ? null : groups.planned.length}
        showArchive={ownsOrganization}
        showCreate={mayCreateService}
      />
      {loading ? (
        <Loader aria-label={de.app.loading} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ActiveServicesList rows={groups.active} pendingIds={pendingIds} />
          <PlannedServicesList rows={groups.planned} pendingIds={pendingIds} />
        </SimpleGrid>
      )}
      <InfoCard />
    </Stack>
  );
}
