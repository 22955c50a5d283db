import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { isProtocolOpen, patientDisplayName, protocolLabel } from '@sanidok/schema';
import { IconAlertTriangle, IconEdit, IconEye, IconHeartbeat } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useProtocolView } from '../../../data/protocolHooks';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { formatDateTime } from '../../../lib/format';
import { PrintPanel } from '../print/PrintPanel';
import { useProtocolOpening } from '../useProtocolOpening';
import { SimpleVitalsDialog } from '../vitals/SimpleVitalsDialog';
import { ProtocolStatusBadge } from './ProtocolBadges';
import { ProtocolPatientTab } from './ProtocolPatientTab';
import { ProtocolVitalsTab } from './ProtocolVitalsTab';

const t = protocolsDe.detail;

function DetailSkeleton() {
  return (
    <Paper withBorder p="lg" role="status" aria-label={t.loading}>
      <Stack gap="sm">
        <Skeleton height={28} width="60%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} width="30%" />
        <Skeleton height={120} mt="md" />
      </Stack>
    </Paper>
  );
}

function LoadFailed() {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      {t.loadFailed}
    </Alert>
  );
}

function DetailHeader({ view, onVitals }: { view: ProtocolView; onVitals: () => void }) {
  const { protocol } = view;
  const open = isProtocolOpen(protocol.status);
  const name = open ? patientDisplayName(view.patientData) : '';
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={2}>{t.patient(name || t.empty)}</Title>
        <Text fw={600}>
          {protocolLabel(protocol.serviceProtocolNumber)} · {protocol.serviceName}
        </Text>
        <Text size="sm">
          {t.createdAt}: {formatDateTime(protocol.createdAt)}
        </Text>
        <Group gap="xs">
          <Text size="sm">{t.status}:</Text>
          <ProtocolStatusBadge status={protocol.status} />
        </Group>
      </Stack>
      <Group gap="sm">
        {open && (
          <Button variant="light" leftSection={<IconHeartbeat size={18} aria-hidden />} onClick={onVitals}>
            {t.vitals}
          </Button>
        )}
        <Button
          component={Link}
          to={`/patient-protocols/${protocol.id}`}
          leftSection={open ? <IconEdit size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        >
          {open ? protocolsDe.page.edit : protocolsDe.serviceTab.open}
        </Button>
      </Group>
    </Group>
  );
}

function DetailContent({ view }: { view: ProtocolView }) {
  const [vitalsOpen, setVitalsOpen] = useState(false);
  const reopenVitals = useCallback(() => setVitalsOpen(true), []);
  const open = isProtocolOpen(view.protocol.status);
  return (
    <Paper withBorder p="lg" component="section" aria-label={t.cardLabel}>
      <Stack gap="lg">
        <DetailHeader view={view} onVitals={() => setVitalsOpen(true)} />
        <Tabs defaultValue="patient">
          <Tabs.List>
            <Tabs.Tab value="patient">{t.tabs.patient}</Tabs.Tab>
            <Tabs.Tab value="vitals">{t.tabs.vitals}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="patient" pt="md">
            <ProtocolPatientTab view={view} />
          </Tabs.Panel>
          <Tabs.Panel value="vitals" pt="md">
            <ProtocolVitalsTab view={view} editable={open} onRecord={() => setVitalsOpen(true)} />
          </Tabs.Panel>
        </Tabs>
        <PrintPanel protocolId={view.protocol.id} />
      </Stack>
      {open && <SimpleVitalsDialog protocolId={view.protocol.id} opened={vitalsOpen} onClose={() => setVitalsOpen(false)} onDraftRestored={reopenVitals} lastParameters={view.vitals.at(-1)?.values.map((v) => v.parameterType)} />}
    </Paper>
  );
}

/**
 * Right column of /patient-protocols (docs/spec/services.md §2). Opening is logged first (useProtocolOpening):
 * until that entry is written — or failed, which never blocks — only the skeleton shows.
 * Render it keyed by the protocol id, so another protocol starts with closed dialogs.
 */
export function ProtocolDetailCard({ protocolId }: { protocolId: string }) {
  const mayShow = useProtocolOpening(protocolId);
  const view = useProtocolView(protocolId);
  if (!mayShow || view === undefined) return <DetailSkeleton />;
  if (view === null) return <LoadFailed />;
  return <DetailContent view={view} />;
}

export function NoProtocolChosen() {
  return (
    <Paper withBorder p="xl">
      <Text ta="center" c="gray.7">
        {protocolsDe.page.chooseProtocol}
      </Text>
    </Paper>
  );
}
