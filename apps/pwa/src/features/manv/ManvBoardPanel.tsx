import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@sanidok/schema';
import { useManvIncidents } from '../../data/manvHooks';
import { manvDe } from '../../i18n/manv.de';
import { ManvCountsPanel } from './ManvCountsPanel';

/**
 * The MANV part of the command-post board: per incident of the service, newest first,
 * its name, period and the counts per category and phase (counts only: the wall mode shows it too).
 * `running` picks the incidents still open (the board shows them first, over the full width) or
 * the ended ones. Nothing when there is none of them.
 */
export function ManvBoardPanel({ serviceId, large, running }: { serviceId: string; large: boolean; running: boolean }) {
  const incidents = useManvIncidents(serviceId)?.filter((incident) => (incident.endedAt === null) === running);
  if (!incidents?.length) return null;
  const newestFirst = [...incidents].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return (
    <Stack gap="md" data-testid="board-manv" data-running={running ? 'true' : 'false'}>
      {newestFirst.map((incident) => (
        <Stack key={incident.id} gap={4}>
          <Text fw={700} fz={large ? 28 : 'lg'}>
            {`${manvDe.title}: ${incident.name}`}
          </Text>
          <Text c="dimmed" fz={large ? 20 : 'sm'}>
            {`${formatDateTime(incident.startedAt)} – ${incident.endedAt ? formatDateTime(incident.endedAt) : manvDe.board.running}`}
          </Text>
          <ManvCountsPanel incidentId={incident.id} blueEnabled={incident.blueEnabled} large={large} />
        </Stack>
      ))}
    </Stack>
  );
}
