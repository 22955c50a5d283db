import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { summarizeVitals } from '@sanidok/schema';
import { IconHeartbeat } from '@tabler/icons-react';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { formatDateTime } from '../../../lib/format';

const t = protocolsDe.vitalsTab;

interface ProtocolVitalsTabProps {
  view: ProtocolView;
  /** false once the protocol is closed: no new measurements. */
  editable: boolean;
  onRecord: () => void;
}

/**
 * Tab 'Vitalparameter' of the detail card (docs/spec/services.md §2): Zeitpunkt | Parameter, one summary line per
 * measurement, newest first; the measurement's note below its values.
 */
export function ProtocolVitalsTab({ view, editable, onRecord }: ProtocolVitalsTabProps) {
  if (view.vitals.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={3} size="h4">
            {t.emptyTitle}
          </Title>
          <Text c="gray.7">{t.emptyText}</Text>
          {editable && (
            <Button leftSection={<IconHeartbeat size={18} aria-hidden />} onClick={onRecord}>
              {t.record}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  const newestFirst = [...view.vitals].reverse();
  return (
    <Stack gap="sm">
      {editable && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconHeartbeat size={18} aria-hidden />} onClick={onRecord}>
            {t.recordNew}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="sm" aria-label={t.tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{t.time}</Table.Th>
              <Table.Th>{t.parameters}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {newestFirst.map((record) => {
              const summary = summarizeVitals(record.values);
              const note = record.values.find((v) => v.parameterType === 'notes')?.value;
              return (
                <Table.Tr key={record.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.recordedAt)}</Table.Td>
                  <Table.Td>
                    <Text>{summary || t.notesOnly}</Text>
                    {note && (
                      <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                        {note}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
