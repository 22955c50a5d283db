import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { VitalRecord } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import { chartData, chartedParameters } from './chartData';
import type { FilterKey } from './vitalDisplay';
import { passesFilter } from './vitalDisplay';
import { VitalsChart } from './VitalsChart';

interface VitalsChartsProps {
  records: readonly VitalRecord[];
  dateOfBirth: string | null;
  filter: readonly FilterKey[];
}

/** 'Verlauf': one chart per numeric parameter that was measured and passes the filter. */
export function VitalsCharts({ records, dateOfBirth, filter }: VitalsChartsProps) {
  const charts = chartedParameters
    .filter((type) => passesFilter(type, filter))
    .map((type) => chartData(records, type, dateOfBirth))
    .filter((data) => data !== null);
  if (charts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {vitalsDe.timeline.trends}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {charts.map((data) => (
          <VitalsChart key={data.type} data={data} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
