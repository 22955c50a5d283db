import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { dischargeOutcomeLabel, formatDateTime, isProtocolOpen, protocolLabel, protocolStatusLabel } from '@sanidok/schema';
import { IconArrowLeft, IconCloudUpload, IconDoorExit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useIsPending } from '../../../data/hooks';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { HistoryButton } from '../history/HistoryDialog';
import { PrintPanel } from '../print/PrintPanel';
import { CurrentVitals } from '../vitals/CurrentVitals';

const t = protocolEditDe;

const statusColor: Record<string, string> = { active: 'sani', discharged: 'teal', transferred: 'blue', cancelled: 'gray' };

export function ProtocolStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor[status] ?? 'orange'} variant="light" size="lg">
      {protocolStatusLabel(status)}
    </Badge>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Number, service, creation, status and, once discharged, the discharge details. */
function ProtocolInfo({ view }: { view: ProtocolView }) {
  const { protocol } = view;
  const pending = useIsPending(protocol.id);
  const i = t.info;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {i.title}
        </Title>
        <Stack component="dl" gap="xs" m={0}>
          <InfoRow label={i.number}>{protocolLabel(protocol.serviceProtocolNumber)}</InfoRow>
          <InfoRow label={i.service}>{protocol.serviceName}</InfoRow>
          <InfoRow label={i.created}>{formatDateTime(protocol.createdAt)}</InfoRow>
          <InfoRow label={i.status}>
            <ProtocolStatusBadge status={protocol.status} />
          </InfoRow>
          {protocol.dischargedAt && <InfoRow label={i.dischargedAt}>{formatDateTime(protocol.dischargedAt)}</InfoRow>}
          {protocol.dischargeStatus && <InfoRow label={i.dischargeStatus}>{t.dischargeStatusLabels[protocol.dischargeStatus] ?? protocol.dischargeStatus}</InfoRow>}
          {protocol.status === 'discharged' && <InfoRow label={i.dischargeOutcome}>{dischargeOutcomeLabel(protocol.dischargeOutcome)}</InfoRow>}
          {protocol.dischargeDestination && <InfoRow label={i.dischargeDestination}>{protocol.dischargeDestination}</InfoRow>}
          {protocol.handoverTo && <InfoRow label={i.handoverTo}>{protocol.handoverTo}</InfoRow>}
          {protocol.dischargeComment && <InfoRow label={i.dischargeComment}>{protocol.dischargeComment}</InfoRow>}
        </Stack>
        {pending && (
          <Tooltip label={i.pendingHint} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
            <Badge color="orange" variant="outline" leftSection={<IconCloudUpload size={14} aria-hidden />} tabIndex={0} w="fit-content">
              {i.pending}
            </Badge>
          </Tooltip>
        )}
      </Stack>
    </Paper>
  );
}

interface ProtocolActionsProps {
  view: ProtocolView;
  onDischarge: () => void;
}

/**
 * The edit page's actions in one row above the tabs (docs/spec/services.md §2): back to the
 * service, print and export, the change history and the discharge button (gone once discharged).
 * Stacked in the sidebar, they pushed the capture tabs below the fold at 1024×768.
 */
export function ProtocolActions({ view, onDischarge }: ProtocolActionsProps) {
  const { protocol } = view;
  return (
    <Group component="section" aria-label={t.page.actionsLabel} gap="xs" wrap="wrap" align="flex-start" mt="sm">
      <Button
        component={Link}
        to={`/services/${protocol.serviceId}`}
        variant="subtle"
        mih={44}
        px="xs"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t.page.backToService}
      </Button>
      <PrintPanel protocolId={protocol.id} compact />
      <HistoryButton protocolId={protocol.id} status={protocol.status} fullWidth={false} />
      {isProtocolOpen(protocol.status) && (
        <Button color="red" mih={44} leftSection={<IconDoorExit size={20} aria-hidden />} onClick={onDischarge}>
          {t.discharge.open}
        </Button>
      )}
    </Group>
  );
}

/**
 * The edit page's overview (docs/spec/services.md §2): current vital values and protocol info. Beside the
 * tabs from 1200 px, below them on a tablet or phone (the tabs come first).
 */
export function ProtocolSidebar({ view }: { view: ProtocolView }) {
  return (
    <Stack component="section" aria-label={t.page.sidebarLabel} gap="md">
      <CurrentVitals view={view} />
      <ProtocolInfo view={view} />
    </Stack>
  );
}
