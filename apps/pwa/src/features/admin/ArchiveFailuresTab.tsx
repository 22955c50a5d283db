import { Loader, Stack, Table, Text } from '@mantine/core';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { adminDe, de } from '../../i18n/de';
import { formatDateTime, formatPeriod } from './format';
import { useArchiveFailures } from './queries';

const t = adminDe.archiveFailures;

/** 'Archiv-Fehlversuche': wrong organisation keys at the patient archive, newest first. */
export function ArchiveFailuresTab() {
  const failures = useArchiveFailures();
  const rows = failures.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {failures.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {failures.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {failures.isSuccess && rows.length === 0 && <Text c="dimmed">{t.none}</Text>}
      {rows.length > 0 && (
        <KeyboardScrollArea label={t.tableLabel}>
          <Table striped verticalSpacing="xs" miw={1000} aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.time}</Table.Th>
                <Table.Th>{t.user}</Table.Th>
                <Table.Th>{t.email}</Table.Th>
                <Table.Th>{t.organization}</Table.Th>
                <Table.Th>{t.service}</Table.Th>
                <Table.Th>{t.location}</Table.Th>
                <Table.Th>{t.period}</Table.Th>
                <Table.Th>{t.ip}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(failure.timestamp)}</Table.Td>
                  <Table.Td>{failure.username ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{failure.userEmail ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{failure.organizationName ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{failure.serviceName ?? adminDe.common.none}</Table.Td>
                  <Table.Td>{failure.serviceLocation ?? adminDe.common.none}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod(failure.serviceStartDate, failure.serviceEndDate)}</Table.Td>
                  <Table.Td ff="monospace">{failure.ipAddress ?? adminDe.common.none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </KeyboardScrollArea>
      )}
    </Stack>
  );
}
