import { Group, Paper, Stack, Text } from '@mantine/core';
import type { VitalRecord } from '@sanidok/schema';
import { formatDateTime, vitalParameterLabels } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import type { FilterKey } from './vitalDisplay';
import { passesFilter, severityAt } from './vitalDisplay';
import { VitalValue } from './VitalValue';

interface MeasurementListProps {
  /** Oldest first, as the view holds them; shown newest first. */
  records: readonly VitalRecord[];
  dateOfBirth: string | null;
  filter: readonly FilterKey[];
}

/** The measurements of the timeline, newest first, each value coloured (docs/spec/services.md §2, §9 reading A). */
export function MeasurementList({ records, dateOfBirth, filter }: MeasurementListProps) {
  const shown = [...records]
    .reverse()
    .map((record) => ({ record, values: record.values.filter((v) => passesFilter(v.parameterType, filter)) }))
    .filter(({ values }) => values.length > 0);
  if (shown.length === 0) return <Text size="sm">{vitalsDe.timeline.nothingForFilter}</Text>;
  return (
    <Stack component="ol" gap="sm" aria-label={vitalsDe.timeline.measurementsLabel} p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map(({ record, values }) => {
        const notes = values.find((v) => v.parameterType === 'notes');
        const when = formatDateTime(record.recordedAt);
        return (
          <Paper key={record.id} component="li" withBorder p="sm" radius="md" aria-label={vitalsDe.timeline.measuredAt(when)}>
            <Text fw={700} size="sm" mb={6}>
              {when}
            </Text>
            <Group gap="xs">
              {values
                .filter((v) => v.parameterType !== 'notes')
                .map((v) => (
                  <VitalValue key={v.id} type={v.parameterType} value={v.value} unit={v.unit} severity={severityAt(v.parameterType, v.value, dateOfBirth, record.recordedAt)} />
                ))}
            </Group>
            {notes && (
              <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
                {`${vitalParameterLabels.notes}: ${notes.value}`}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
