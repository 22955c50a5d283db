import { Loader, Stack, Table, Text } from '@mantine/core';
import type { AccessLogItem } from '@sanidok/schema';
import { maskIpAddress } from '@sanidok/schema';
import { useEffect, useMemo } from 'react';
import { KeyboardScrollArea } from '../../components/KeyboardScrollArea';
import { de } from '../../i18n/de';
import { formatDateTime } from '../../lib/format';
import { labelOf } from '../../lib/labelOf';
import { notifyError } from '../../lib/notify';
import { useAccessLogs } from './queries';
import { describeError } from '../../lib/describeError';

const t = de.organizations;
/** docs/spec/accounts.md §2, §9: the list is exactly 400 px high and scrolls inside. */
export const accessLogHeight = 400;

function userLabel(user: AccessLogItem['user']): string {
  const { fullName, username } = user;
  if (fullName && username) return `${fullName} (${username})`;
  return fullName || username || '-';
}

const newestFirst = (a: AccessLogItem, b: AccessLogItem) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id;

/** 'Zugriffsprotokolle' (owner only): who opened or printed which protocol, newest first. */
export function AccessLogTab({ organizationId }: { organizationId: number }) {
  const logs = useAccessLogs(organizationId, true);

  // One toast when loading starts failing, not one per 30-s poll while it keeps failing.
  useEffect(() => {
    if (logs.isError) notifyError(de.organizationToasts.accessLogsFailed, describeError(logs.error, de.errors.generic));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on entering the error state only
  }, [logs.isError]);

  // The server sorts too; sorting here keeps the order right when entries arrive out of order.
  const rows = useMemo(() => [...(logs.data ?? [])].sort(newestFirst), [logs.data]);

  return (
    <Stack gap="sm">
      {logs.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {logs.data && (
        // Inline px, not Mantine's rem-based `h`: the spec fixes the height in pixels.
        <KeyboardScrollArea label={t.accessLogsLabel} style={{ height: accessLogHeight }} data-testid="access-log-scroll">
          {rows.length === 0 ? (
            <Text c="dimmed">{t.noAccessLogs}</Text>
          ) : (
            <Table striped stickyHeader verticalSpacing="xs" aria-label={t.accessLogsLabel} miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.columns.action}</Table.Th>
                  <Table.Th>{t.columns.protocol}</Table.Th>
                  <Table.Th>{t.columns.user}</Table.Th>
                  <Table.Th>{t.columns.time}</Table.Th>
                  <Table.Th>{t.columns.ip}</Table.Th>
                  <Table.Th>{t.columns.details}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((log) => (
                  <Table.Tr key={log.id}>
                    <Table.Td>{labelOf(t.accessLogActions, log.actionType) ?? t.accessLogActions.other}</Table.Td>
                    <Table.Td ff="monospace">{log.patientProtocolId ?? '-'}</Table.Td>
                    <Table.Td>{userLabel(log.user)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.timestamp)}</Table.Td>
                    <Table.Td ff="monospace">{maskIpAddress(log.ipAddress)}</Table.Td>
                    <Table.Td>{log.details || '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </KeyboardScrollArea>
      )}
    </Stack>
  );
}
