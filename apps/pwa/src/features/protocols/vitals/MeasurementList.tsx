import { Group, Paper, Stack, Text } from '@mantine/core';
import type { VitalRecord } from '@sanidok/schema';
import { formatDateTime, vitalParameterLabels } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import { EnteredInErrorNote, struckThrough } from '../history/EnteredInErrorNote';
import { MarkInErrorButton } from '../history/MarkInErrorButton';
import type { FilterKey } from './vitalDisplay';
import { passesFilter, severityAt } from './vitalDisplay';
import { VitalValue } from './VitalValue';

interface MeasurementListProps {
  /** Oldest first, as the view holds them; shown newest first. */
  records: readonly VitalRecord[];
  dateOfBirth: string | null;
  filter: readonly FilterKey[];
  /** The protocol is open: a wrong measurement can be marked "irrtümlich" (never deleted). */
  markable?: boolean;
}

/**
 * The measurements of the timeline, newest first, each value coloured (docs/spec/services.md §2, §9 reading A);
 * one marked "irrtümlich" stays, struck through, with its reason.
 */
export function MeasurementList({ records, dateOfBirth, filter, markable = false }: MeasurementListProps) {
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
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Text fw={700} size="sm">
                {when}
              </Text>
              {markable && !record.enteredInError && <MarkInErrorButton kind="vitals" id={record.id} what={vitalsDe.timeline.measuredAt(when)} />}
            </Group>
            {record.enteredInError && <EnteredInErrorNote mark={record.enteredInError} />}
            <Group gap="xs" style={record.enteredInError ? struckThrough : undefined}>
              {values
                .filter((v) => v.parameterType !== 'notes')
                .map((v) => (
                  <VitalValue key={v.id} type={v.parameterType} value={v.value} unit={v.unit} severity={severityAt(v.parameterType, v.value, dateOfBirth, record.recordedAt)} />
                ))}
            </Group>
            {notes && (
              <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', ...(record.enteredInError ? struckThrough : undefined) }}>
                {`${vitalParameterLabels.notes}: ${notes.value}`}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
