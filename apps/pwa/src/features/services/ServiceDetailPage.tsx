import { Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { OrganizationListItem, Service } from '@sanidok/schema';
import { IconArrowLeft, IconArchive, IconEdit, IconLayoutDashboard, IconReportAnalytics, IconTrash, IconUrgent } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useIsPending } from '../../data/hooks';
import { deleteService } from '../../data/repositories/services';
import { useServiceDetail } from '../../data/serviceHooks';
import { useTeamStanding } from '../../data/teamHooks';
import { boardDe } from '../../i18n/board.de';
import { de } from '../../i18n/de';
import { manvDe } from '../../i18n/manv.de';
import { serviceTeamsDe } from '../../i18n/serviceTeams.de';
import { eventReportDe } from '../../i18n/eventReport.de';
import { servicesDe } from '../../i18n/services.de';
import { notifySuccess } from '../../lib/notify';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { ConfirmDialog, withError } from '../../components/ConfirmDialog';
import { EditServiceDialog } from './EditServiceDialog';
import { EventReportDialog } from './eventReport/EventReportDialog';
import { PendingBadge, ServiceStatusBadges } from './ServiceBadges';
import { LockOverlay } from '../../components/LockOverlay';
import { ServiceConflictNotice } from './ServiceConflictNotice';
import { toServiceRow } from './serviceGroups';
import { ServiceOverviewTab } from './ServiceOverviewTab';
import { NotOnTeamNotice } from './team/NotOnTeamNotice';
import { ServiceTeamTab } from './team/ServiceTeamTab';
import { useArchiveService } from './useArchiveService';
import { useNow } from './useNow';
import { describeError } from '../../lib/describeError';

const t = servicesDe.detail;

/** The `?tab=` values of /services/{id} (docs/spec/services.md §2). */
export const serviceDetailTabs = ['overview', 'minor-treatments', 'patient-protocols', 'materials', 'team'] as const;
export type ServiceDetailTab = (typeof serviceDetailTabs)[number];
const isDetailTab = (value: string | null): value is ServiceDetailTab => serviceDetailTabs.some((v) => v === value);

export function ServiceNotFound() {
  return (
    <Stack gap="md">
      <Title order={1}>{t.notFound}</Title>
      <Paper withBorder p="lg">
        <Stack gap="md" align="flex-start">
          <Text>{t.notFoundText}</Text>
          <Button component={Link} to="/services" variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t.back}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The tabs other features fill (minor treatments, patient protocols, material use). They come in
 * from app/ServiceDetailRoute.tsx: those features import services/, so services/ must not import
 * them back.
 */
export interface ServiceDetailSlots {
  minorTreatments: ComponentType<{ service: Service }>;
  protocols: ComponentType<{ service: Service }>;
  materials: ComponentType<{ service: Service }>;
}

interface ServiceDetailViewProps {
  service: Service;
  organization: OrganizationListItem | null;
  slots: ServiceDetailSlots;
}

/** The detail of one service: header with actions, lock and team notices, and the five tabs. */
export function ServiceDetailView({ service, organization, slots }: ServiceDetailViewProps) {
  const { minorTreatments: ServiceMinorTreatmentsTab, protocols: ServiceProtocolsTab, materials: ServiceMaterialUsageTab } = slots;
  const now = useNow();
  const pending = useIsPending(service.id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [deleting, setDeleting] = useState(false);
  const archive = useArchiveService();
  const standing = useTeamStanding(service.id);

  const row = toServiceRow(service, organization ?? undefined, now);
  const { status, locked, canManage } = row;
  const tabParam = params.get('tab');
  const tab: ServiceDetailTab = isDetailTab(tabParam) ? tabParam : 'overview';

  const selectTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isDetailTab(value) && value !== 'overview') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  const askDelete = () =>
    setConfirm({
      title: t.deleteTitle,
      text: t.deleteText(service.name),
      confirmLabel: t.delete,
      onConfirm: () => {
        setDeleting(true);
        deleteService(service.id)
          .then(() => {
            notifySuccess(servicesDe.toasts.deleted, servicesDe.toasts.deletedText(service.name));
            void navigate('/services', { replace: true });
          })
          .catch((error: unknown) => {
            setDeleting(false);
            setConfirm((current) => withError(current, servicesDe.toasts.deleteFailed(describeError(error))));
          });
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Button component={Link} to="/services" variant="subtle" px={0} leftSection={<IconArrowLeft size={18} aria-hidden />} w="fit-content">
            {t.back}
          </Button>
          <Title order={1}>{service.name}</Title>
          <Group gap="xs">
            <ServiceStatusBadges status={status} locked={locked} />
            {pending && <PendingBadge />}
          </Group>
          {/* MANV mode: the team captures, owner and admins lead. */}
          {(standing === 'member' || canManage) && (
            <Button component={Link} to={`/services/${service.id}/manv`} color="red" variant="light" leftSection={<IconUrgent size={18} aria-hidden />} w="fit-content" aria-label={manvDe.entryLabel}>
              {manvDe.entry}
            </Button>
          )}
        </Stack>
        <Group gap="sm" wrap="wrap">
          {/* The command-post board: every member who sees the service may open it. */}
          <Button component={Link} to={`/services/${service.id}/board`} variant="filled" leftSection={<IconLayoutDashboard size={18} aria-hidden />}>
            {boardDe.openBoard}
          </Button>
          <Button variant="default" leftSection={<IconReportAnalytics size={18} aria-hidden />} onClick={() => setReporting(true)}>
            {eventReportDe.open}
          </Button>
          {canManage && status === 'ended' && (
            <Button variant="default" leftSection={<IconArchive size={18} aria-hidden />} disabled={locked} onClick={() => archive.ask({ service })}>
              {t.archive}
            </Button>
          )}
          {canManage && (
            <>
              <Button variant="light" leftSection={<IconEdit size={18} aria-hidden />} disabled={locked} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} disabled={locked} onClick={askDelete}>
                {t.delete}
              </Button>
            </>
          )}
        </Group>
      </Group>

      <ServiceConflictNotice service={service} canReview={canManage && !locked && service.status !== 'archived'} />

      {standing === 'notMember' && service.status !== 'archived' && <NotOnTeamNotice service={service} />}

      <LockOverlay locked={locked} title={servicesDe.lock.title} text={service.isBlocked ? servicesDe.lock.serviceText : servicesDe.lock.organizationText}>
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">{t.tabs.overview}</Tabs.Tab>
            <Tabs.Tab value="minor-treatments">{t.tabs.minorTreatments}</Tabs.Tab>
            <Tabs.Tab value="patient-protocols">{t.tabs.protocols}</Tabs.Tab>
            <Tabs.Tab value="materials">{t.tabs.materials}</Tabs.Tab>
            <Tabs.Tab value="team">{serviceTeamsDe.tab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <ServiceOverviewTab service={service} organization={organization} status={status} locked={locked} showAccessCode={canManage || standing === 'member'} />
          </Tabs.Panel>
          <Tabs.Panel value="minor-treatments" pt="md">
            <ServiceMinorTreatmentsTab service={service} />
          </Tabs.Panel>
          <Tabs.Panel value="patient-protocols" pt="md">
            <ServiceProtocolsTab service={service} />
          </Tabs.Panel>
          <Tabs.Panel value="materials" pt="md">
            <ServiceMaterialUsageTab service={service} />
          </Tabs.Panel>
          <Tabs.Panel value="team" pt="md">
            <ServiceTeamTab service={service} canManage={canManage} locked={locked} />
          </Tabs.Panel>
        </Tabs>
      </LockOverlay>

      {reporting && <EventReportDialog service={service} opened onClose={() => setReporting(false)} />}
      {editing && <EditServiceDialog service={service} onClose={() => setEditing(false)} />}
      <ConfirmDialog request={confirm} pending={deleting} onCancel={() => setConfirm(null)} />
      {archive.dialog}
    </Stack>
  );
}

/**
 * /services/{id}. `serviceId` may be passed in (embedding, tests); otherwise the route's `:id`.
 * Reads only from the device: unknown ids show 'Sanitätsdienst nicht gefunden'.
 */
export function ServiceDetailPage({ serviceId, slots }: { serviceId?: string; slots: ServiceDetailSlots }) {
  const params = useParams();
  const id = serviceId ?? params.id;
  const detail = useServiceDetail(id);
  if (detail === undefined) return <Loader aria-label={de.app.loading} />;
  if (detail === null) return <ServiceNotFound />;
  // Keyed: another service starts with closed dialogs.
  return <ServiceDetailView key={detail.service.id} service={detail.service} organization={detail.organization} slots={slots} />;
}
