import { Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fullPatientName, listedPatientName } from './treatmentName';
import { useMemo, useState } from 'react';
import { useMinorTreatmentPage } from '../../data/captureHooks';
import { usePendingIds, useServices } from '../../data/hooks';
import { recordAccessEvent } from '../../data/repositories/accessEvents';
import type { LocalMinorTreatment } from '../../data/repositories/minorTreatments';
import { de } from '../../i18n/de';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { formatDateTime } from '../../lib/format';
import { ListPagination } from '../../components/ListPagination';
import { PendingBadge } from '../../components/PendingBadge';
import { EnteredInErrorNote, struckThrough } from '../protocols/history/EnteredInErrorNote';

const t = minorTreatmentsDe.page;
/** Rows per page: the index delivers one page, so thousands of entries stay quick. */
export const minorTreatmentPageSize = 50;

/**
 * 'Details' (docs/spec/services.md §2): a notice with the full patient name, the description and the
 * date. Showing the full name is logged first (docs/security.md "Access logging"); the notice
 * appears whatever the log's outcome.
 */
async function showDetails(row: LocalMinorTreatment): Promise<void> {
  const d = minorTreatmentsDe.details;
  // A reader off the service's team holds no name (packages/schema MinorTreatment): nothing is shown, nothing to log.
  if (row.patientName !== null) await recordAccessEvent({ actionType: 'minor_treatment_name_viewed', minorTreatmentId: row.id });
  notifications.show({
    title: d.title,
    color: 'sani',
    withBorder: true,
    message: (
      <Stack gap={2}>
        <Text size="sm">
          {d.patient}: {fullPatientName(row.patientName)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {d.description}: {row.description}
        </Text>
        <Text size="sm">
          {d.date}: {formatDateTime(row.date || row.createdAt)}
        </Text>
      </Stack>
    ),
  });
}

export function EmptyTreatments() {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4">
        {t.emptyTitle}
      </Title>
      <Text c="dimmed">{t.emptyText}</Text>
    </Paper>
  );
}

/** The list of /minor-treatments: masked names (docs/spec/services.md §5), newest first, paged. */
export function MinorTreatmentsTable() {
  const [requestedPage, setPage] = useState(1);
  const services = useServices();
  const serviceNames = useMemo(() => new Map((services ?? []).map((s) => [s.id, s.name])), [services]);
  const pending = usePendingIds();
  const data = useMinorTreatmentPage(requestedPage, minorTreatmentPageSize);

  if (!data) return <Loader size="sm" aria-label={de.app.loading} />;
  if (data.total === 0) return <EmptyTreatments />;
  const pages = Math.max(1, Math.ceil(data.total / minorTreatmentPageSize));
  const page = Math.min(requestedPage, pages);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.count(data.total)}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.patient}</Table.Th>
              <Table.Th>{t.columns.description}</Table.Th>
              <Table.Th>{t.columns.date}</Table.Th>
              <Table.Th>{t.columns.service}</Table.Th>
              <Table.Th w={120}>{t.columns.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => {
              const masked = listedPatientName(row.patientName);
              return (
                <Table.Tr key={row.id} data-pending={pending.has(row.id) || undefined}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text>{masked}</Text>
                      {pending.has(row.id) && <PendingBadge />}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text lineClamp={2} style={row.enteredInError ? struckThrough : undefined}>
                      {row.description}
                    </Text>
                    {row.enteredInError && <EnteredInErrorNote mark={row.enteredInError} />}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>{serviceNames.get(row.serviceId) ?? row.serviceName}</Table.Td>
                  <Table.Td>
                    <Button variant="light" size="sm" onClick={() => void showDetails(row)}>
                      {t.details}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination total={pages} value={page} onChange={setPage} label={t.pagination} />
    </Stack>
  );
}
