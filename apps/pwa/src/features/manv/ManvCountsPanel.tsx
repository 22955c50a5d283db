import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { manvCategories, manvPhases } from '@sanidok/schema';
import { useManvCounts } from '../../data/manvHooks';
import { manvDe } from '../../i18n/manv.de';
import { CategoryBadge } from './CategoryBadge';

const t = manvDe.counts;

/**
 * Counts per category and phase of one MANV incident, from the device's data (offline) through
 * the shared rule (packages/schema countManv). Exported for the command-post board.
 */
/** `large`: the wall display's type, like the board's other panels. */
export function ManvCountsPanel({ incidentId, blueEnabled = true, large = false }: { incidentId: string; blueEnabled?: boolean; large?: boolean }) {
  const counts = useManvCounts(incidentId);
  if (!counts) return null;
  const categories = manvCategories.filter((c) => c !== 'sk4' || blueEnabled || counts.byCategory.sk4.total > 0);
  return (
    <Paper withBorder p="md" data-testid="manv-counts" fz={large ? 24 : undefined}>
      <Stack gap="sm">
        <Title order={3} size={large ? 'h2' : 'h4'}>{t.title}</Title>
        <Group gap="lg" wrap="wrap">
          <Text inherit data-testid="manv-count-patients"><strong>{counts.patients}</strong> {t.patients}</Text>
          <Text inherit><strong>{counts.untriaged}</strong> {t.untriaged}</Text>
          <Text inherit data-testid="manv-count-transported"><strong>{counts.transported}</strong> {t.transported}</Text>
          {counts.tagConflicts > 0 && <Text inherit c="red.8" fw={700}>{counts.tagConflicts} {t.conflicts}</Text>}
          {counts.lateTriagePatients > 0 && <Text inherit c="orange.9" fw={700}>{counts.lateTriagePatients} {t.late}</Text>}
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t.tableLabel} striped fz={large ? 24 : undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.phaseColumns.category}</Table.Th>
                <Table.Th ta="right">{t.phaseColumns.total}</Table.Th>
                {manvPhases.map((phase) => <Table.Th key={phase} ta="right">{t.phaseColumns[phase]}</Table.Th>)}
                <Table.Th ta="right">{t.phaseColumns.transported}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.map((category) => {
                const slot = counts.byCategory[category];
                return (
                  <Table.Tr key={category} data-testid={`manv-count-${category}`}>
                    <Table.Td><CategoryBadge category={category} size={large ? 'lg' : 'sm'} /></Table.Td>
                    <Table.Td ta="right" fw={700} data-cell="total">{slot.total}</Table.Td>
                    {manvPhases.map((phase) => <Table.Td key={phase} ta="right" data-cell={phase}>{slot.byPhase[phase]}</Table.Td>)}
                    <Table.Td ta="right" data-cell="transported">{slot.transported}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
