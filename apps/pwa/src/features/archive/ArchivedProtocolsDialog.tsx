import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ArchivedProtocolResult } from '@sanidok/schema';
import { protocolLabel } from '@sanidok/schema';
import { IconAlertTriangle, IconAmbulance, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { archiveDe } from '../../i18n/de';
import { notifyError } from '../../lib/notify';
import type { ArchiveOpenOutcome, OpenedProtocol } from './openArchive';
import { saveFhirDocument } from '../protocols/print/exportFhir';
import { openArchiveHandover, openPrintView } from './printArchive';
import { printDe } from '../../i18n/print.de';
import { historyDe } from '../../i18n/history.de';
import { protocolSections } from './protocolSections';
import { ListPagination } from '../../components/ListPagination';

const t = archiveDe.protocols;
type Opened = Extract<ArchiveOpenOutcome, { kind: 'opened' }>;

interface ArchivedProtocolsDialogProps {
  opened: Opened | null;
  /** Closing drops the decrypted data (the caller clears its state). */
  onClose: () => void;
}

/** Up to this many protocols open with their details; longer lists show one line each (1,000 stay fast). */
const expandedUpTo = 10;
/**
 * Protocols per page (docs/decisions.md, "Patient archive: opening 1,000 protocols"): every
 * protocol is decrypted before the dialog opens and the print view holds them all, but the dialog
 * renders one page, so a service with 1,000 protocols opens nearly as fast as one with 25.
 */
export const archivePageSize = 25;

interface ProtocolViewProps {
  protocol: Extract<OpenedProtocol, { ok: true }>;
  onPrint: () => void;
  onHandover: () => void;
  onFhir: () => void;
  initiallyExpanded: boolean;
}

function ProtocolView({ protocol, onPrint, onHandover, onFhir, initiallyExpanded }: ProtocolViewProps) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const view = protocolSections(protocol.result);
  const title = `${view.heading}: ${view.patientName}`;
  return (
    <Paper withBorder p="md" component="article" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{title}</Title>
          <Group gap="xs">
            <Badge variant="light">{t.discharged}</Badge>
            <Button size="xs" variant="subtle" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} aria-label={`${view.heading}: ${expanded ? t.hideDetails : t.showDetails}`}>
              {expanded ? t.hideDetails : t.showDetails}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconAmbulance size={16} aria-hidden />} onClick={onHandover} aria-label={`${view.heading}: ${printDe.panel.handover}`}>
              {printDe.panel.handover}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint} aria-label={`${view.heading}: ${t.print}`}>
              {t.print}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconFileExport size={16} aria-hidden />} onClick={onFhir} aria-label={`${view.heading}: ${t.fhir}`}>
              {t.fhir}
            </Button>
          </Group>
        </Group>
        {expanded && <ProtocolDetails protocol={protocol} view={view} />}
      </Stack>
    </Paper>
  );
}

function ProtocolDetails({ protocol, view }: { protocol: Extract<OpenedProtocol, { ok: true }>; view: ReturnType<typeof protocolSections> }) {
  return (
    <>
    {view.blocks.map((block) => (
      <div key={block.title}>
        <Text fw={600} c="sani.8">
          {block.title}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={2}>
          {block.rows.map((row) => (
            <Text key={row.label} size="sm">
              <Text span c="dimmed" size="sm">
                {row.label}:{' '}
              </Text>
              {row.value}
            </Text>
          ))}
        </SimpleGrid>
      </div>
    ))}
    <div>
      <Text fw={600} c="sani.8">
        {archiveDe.sections.treatments}
      </Text>
      {view.treatments.length === 0 ? (
        <Text size="sm">{archiveDe.noTreatments}</Text>
      ) : (
        view.treatments.map((e, i) => <Text key={i} size="sm">{`${e.time} – ${e.text} (${e.performer})`}</Text>)
      )}
    </div>
    <div>
      <Text fw={600} c="sani.8">
        {archiveDe.sections.vitals}
      </Text>
      {view.vitals.length === 0 ? (
        <Text size="sm">{archiveDe.noVitals}</Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {view.vitals.map((v, i) => (
              <Table.Tr key={i}>
                <Table.Td w={150}>{v.time}</Table.Td>
                <Table.Td>{v.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
    {view.replaced.length > 0 && (
      <div>
        <Text fw={600} c="sani.8">
          {archiveDe.sections.replaced}
        </Text>
        {view.replaced.map((r) => (
          <Text key={r.label} size="sm">{`${r.label}: ${r.value}`}</Text>
        ))}
      </div>
    )}
    {view.history.length > 0 && (
      <div>
        <Text fw={600} c="sani.8">
          {historyDe.history.title}
        </Text>
        {view.history.map((r, i) => (
          <Text key={i} size="sm">{`${r.label}: ${r.value}`}</Text>
        ))}
      </div>
    )}
    <Text size="xs" c="dimmed">
      {t.sealedBy[protocol.sealedBy]}
    </Text>
    </>
  );
}

/** The decrypted protocols of one service (docs/spec/accounts.md §2), with the full print view in a new window. */
export function ArchivedProtocolsDialog({ opened, onClose }: ArchivedProtocolsDialogProps) {
  const readable = (opened?.protocols ?? []).filter((p): p is Extract<OpenedProtocol, { ok: true }> => p.ok);
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLDivElement>(null);
  const all = opened?.protocols ?? [];
  const pages = Math.max(1, Math.ceil(all.length / archivePageSize));
  const current = Math.min(page, pages);
  const from = (current - 1) * archivePageSize;
  const shown = all.slice(from, from + archivePageSize);

  const close = () => {
    setPage(1);
    onClose();
  };
  const turnPage = (next: number) => {
    setPage(next);
    // The next page starts at the top of the list, not where the pagination sits.
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  const print = (results: ArchivedProtocolResult[]) => {
    if (!opened || results.length === 0) return;
    openPrintView({
      organizationName: opened.response.organization.name,
      service: opened.response.service,
      keyFingerprint: opened.response.keyFingerprint,
      decryptedAt: opened.decryptedAt,
      protocols: results,
    }).then(
      (shown) => {
        if (!shown) notifyError(t.printFailed, t.popupBlocked);
      },
      (error: unknown) => notifyError(t.printFailed, errorMessage(error)),
    );
  };

  const printHandover = (protocol: Extract<OpenedProtocol, { ok: true }>) => {
    openArchiveHandover(protocol).then(
      (shown) => {
        if (!shown) notifyError(t.printFailed, t.popupBlocked);
      },
      (error: unknown) => notifyError(t.printFailed, errorMessage(error)),
    );
  };

  // The owner's export after discharge: built here from the opened record, never on the server.
  const exportFhir = (protocol: Extract<OpenedProtocol, { ok: true }>) => {
    if (!opened) return;
    saveFhirDocument({
      protocol: protocol.record.protocol, patientData: protocol.patientData, vitals: protocol.record.vitals, treatments: protocol.record.treatmentEntries,
      practitioners: [], organization: opened.response.organization, exportedAt: new Date().toISOString(),
    }).catch((error: unknown) => notifyError(t.fhirFailed, errorMessage(error)));
  };

  return (
    <Modal
      opened={opened !== null}
      onClose={close}
      title={opened ? t.title(opened.response.service.name) : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {opened && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text data-decrypted-count={readable.length}>{readable.length === 0 ? t.none : t.count(readable.length)}</Text>
            {readable.length > 0 && (
              <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => print(readable.map((p) => p.result))}>
                {t.printAll}
              </Button>
            )}
          </Group>
          {opened.response.sealedToOtherKeys > 0 && (
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
              {t.otherKeys(opened.response.sealedToOtherKeys)}
            </Alert>
          )}
          <Stack gap="md" role="list" aria-label={t.listLabel} ref={listRef}>
            {shown.map((protocol) => (
              <div role="listitem" key={protocol.id}>
                {protocol.ok ? (
                  <ProtocolView protocol={protocol} onPrint={() => print([protocol.result])} onHandover={() => printHandover(protocol)} onFhir={() => exportFhir(protocol)} initiallyExpanded={all.length <= expandedUpTo} />
                ) : (
                  <Alert color="red" title={protocolLabel(protocol.number)}>
                    {t.openFailed}
                  </Alert>
                )}
              </div>
            ))}
          </Stack>
          <ListPagination
            total={pages}
            value={current}
            onChange={turnPage}
            label={t.pagination}
            range={t.rowsShown(from + 1, from + shown.length, all.length)}
            arrowLabels={{ previous: t.previousPage, next: t.nextPage }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.close}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
