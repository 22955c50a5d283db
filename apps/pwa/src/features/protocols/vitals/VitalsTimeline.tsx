import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { vitalsDe } from '../../../i18n/vitals.de';
import { ColourLegend } from './ColourLegend';
import { MeasurementList } from './MeasurementList';
import { ParameterFilter } from './ParameterFilter';
import { RichVitalsDialog } from './RichVitalsDialog';
import type { FilterKey } from './vitalDisplay';
import { colouringBasis, presentFilterKeys } from './vitalDisplay';
import { VitalsCharts } from './VitalsCharts';

const t = vitalsDe.timeline;

export interface VitalsTimelineProps {
  view: ProtocolView;
  /** false once discharged: no new measurements. */
  editable: boolean;
}

/**
 * The vital-sign timeline (docs/spec/services.md §2): count, 'Neue Messung', filter chips, colour legend with
 * disclaimer, the no-colouring warning, trend charts and the measurements newest first.
 */
export function VitalsTimeline({ view, editable }: VitalsTimelineProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const reopen = useCallback(() => setDialogOpen(true), []);
  const [filter, setFilter] = useState<FilterKey[]>([]);
  const records = view.vitals;
  const basis = colouringBasis(view);
  const available = presentFilterKeys(records);
  // A chosen parameter that no measurement has any more would hide everything: ignore it.
  const activeFilter = filter.filter((key) => available.includes(key));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={2} size="h4">
            {t.title}
          </Title>
          {records.length > 0 && <Text size="sm">{t.count(records.length)}</Text>}
        </div>
        {editable && records.length > 0 && <Button onClick={() => setDialogOpen(true)}>{t.newMeasurement}</Button>}
      </Group>
      {records.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" gap="sm">
            <Text fw={700}>{t.emptyTitle}</Text>
            {editable && <Button onClick={() => setDialogOpen(true)}>{t.firstMeasurement}</Button>}
          </Stack>
        </Paper>
      ) : (
        <>
          <ParameterFilter available={available} value={activeFilter} onChange={setFilter} />
          <ColourLegend />
          {basis.notice && (
            <Alert color="yellow" role="status">
              {basis.notice}
            </Alert>
          )}
          {/* A measurement marked "irrtümlich" leaves the trend; the list keeps it, struck through. */}
          <VitalsCharts records={records.filter((record) => !record.enteredInError)} dateOfBirth={basis.dateOfBirth} filter={activeFilter} />
          <MeasurementList records={records} dateOfBirth={basis.dateOfBirth} filter={activeFilter} markable={editable && view.protocol.status === 'active'} />
        </>
      )}
      {editable && <RichVitalsDialog protocolId={view.protocol.id} opened={dialogOpen} onClose={() => setDialogOpen(false)} onDraftRestored={reopen} />}
    </Stack>
  );
}
