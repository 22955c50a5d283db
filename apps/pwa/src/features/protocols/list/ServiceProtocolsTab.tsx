import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PatientData, Service } from '@sanidok/schema';
import { isProtocolOpen, patientDisplayName, protocolLabel } from '@sanidok/schema';
import { IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePendingIds } from '../../../data/hooks';
import { usePatientDataOf, useServiceProtocols } from '../../../data/protocolHooks';
import type { LocalProtocol } from '../../../data/repositories/protocols';
import { de } from '../../../i18n/de';
import { protocolsDe } from '../../../i18n/protocols.de';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { formatDateTime } from '../../../lib/format';
import { usePatientCapture } from '../../services/captureServices';
import { AwaitsRegistrationNotice } from '../../lock/AwaitsRegistrationNotice';
import { NotOnTeamNotice } from '../../services/team/NotOnTeamNotice';
import { usePatientListOpening } from '../useProtocolOpening';
import { PendingBadge } from '../../../components/PendingBadge';
import { ServiceProtocolDialog } from '../create/ServiceProtocolDialog';
import { ProtocolListBadges } from './ProtocolBadges';
import { EmptyProtocols, protocolPageSize } from './ProtocolList';
import { ListPagination } from '../../../components/ListPagination';

const t = protocolsDe.serviceTab;

/**
 * Patient name while the protocol is active; afterwards the data is archived and not on the
 * device. An open protocol without data here: the reader is not on the team (sync/purgeScope.ts).
 */
function patientNameOf(protocol: LocalProtocol, data: PatientData | undefined): string {
  if (!isProtocolOpen(protocol.status)) return protocolsDe.detail.archivedTitle;
  if (!data) return serviceTeamsDe.nameHidden;
  return patientDisplayName(data) || protocolsDe.detail.empty;
}

interface RowProps {
  protocol: LocalProtocol;
  patientName: string;
  pending: boolean;
}

function ServiceProtocolRow({ protocol, patientName, pending }: RowProps) {
  const label = protocolLabel(protocol.serviceProtocolNumber);
  const open = isProtocolOpen(protocol.status);
  return (
    <Paper component="li" withBorder p="sm" aria-label={label}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{label}</Text>
            <ProtocolListBadges status={protocol.status} />
            {pending && <PendingBadge />}
          </Group>
          <Text>{patientName}</Text>
          <Text size="sm" c="gray.7">
            {formatDateTime(protocol.createdAt)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`/patient-protocols/${protocol.id}`}
          variant="light"
          leftSection={open ? <IconEdit size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        >
          {open ? protocolsDe.page.edit : t.open}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Tab 'Patientenprotokolle' of the service detail (docs/spec/services.md §2): the service's protocols, newest
 * first and paged, each leading to its edit page; 'Neues Patientenprotokoll' opens the short form
 * while the service accepts entries. It names the patients, so opening it is logged first
 * (docs/security.md "Access logging").
 */
export function ServiceProtocolsTab({ service }: { service: Service }) {
  const logged = usePatientListOpening(service.id);
  const protocols = useServiceProtocols(service.id);
  const pending = usePendingIds();
  const capture = usePatientCapture(service);
  const writable = capture === 'write';
  const [opened, setOpened] = useState(false);
  const reopen = useCallback(() => setOpened(true), []);
  const [requestedPage, setPage] = useState(1);

  const pages = Math.max(1, Math.ceil((protocols?.length ?? 0) / protocolPageSize));
  const page = Math.min(requestedPage, pages);
  const visible = useMemo(() => (protocols ?? []).slice((page - 1) * protocolPageSize, page * protocolPageSize), [protocols, page]);
  const patientData = usePatientDataOf(useMemo(() => visible.map((p) => p.id), [visible]));

  return (
    <Stack gap="md">
      <AwaitsRegistrationNotice />
      <Group justify="flex-end">
        {capture === 'notOnTeam' && <NotOnTeamNotice service={service} compact />}
        {capture !== 'notOnTeam' && capture !== undefined && (writable ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpened(true)}>
            {t.newProtocol}
          </Button>
        ) : (
          <Text size="sm" c="gray.7">
            {t.readOnly}
          </Text>
        ))}
      </Group>
      {(protocols === undefined || !logged) && <Loader size="sm" aria-label={de.app.loading} />}
      {logged && protocols?.length === 0 && <EmptyProtocols />}
      {logged && visible.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
          {visible.map((protocol) => (
            <ServiceProtocolRow
              key={protocol.id}
              protocol={protocol}
              patientName={patientNameOf(protocol, patientData?.get(protocol.id))}
              pending={pending.has(protocol.id)}
            />
          ))}
        </Stack>
      )}
      <ListPagination total={pages} value={page} onChange={setPage} label={protocolsDe.page.pagination} />
      {writable && <ServiceProtocolDialog service={service} opened={opened} onClose={() => setOpened(false)} onDraftRestored={reopen} />}
    </Stack>
  );
}
