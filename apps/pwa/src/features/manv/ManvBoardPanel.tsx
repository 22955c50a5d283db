import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@sanidok/schema';
import { useManvIncidents } from '../../data/manvHooks';
import { manvDe } from '../../i18n/manv.de';
import { ManvCountsPanel } from './ManvCountsPanel';

/**
 * The MANV part of the command-post board: per incident of the service, newest first,
 * its name, period and the counts per category and phase (counts only: the wall mode shows it too).
 * Nothing while the service had no incident.
 */
export function ManvBoardPanel({ serviceId, large }: { serviceId: string; large: boolean }) {
  const incidents = useManvIncidents(serviceId);
  if (!incidents?.length) return null;
  const newestFirst = [...incidents].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return (
    <Stack gap="md" data-testid="board-manv">
      {newestFirst.map((incident) => (
        <Stack key={incident.id} gap={4}>
          <Text fw={700} fz={large ? 28 : 'lg'}>
            {`${manvDe.title}: ${incident.name}`}
          </Text>
          <Text c="dimmed" fz={large ? 20 : 'sm'}>
            {`${formatDateTime(incident.startedAt)} – ${incident.endedAt ? formatDateTime(incident.endedAt) : manvDe.board.running}`}
          </Text>
          <ManvCountsPanel incidentId={incident.id} blueEnabled={incident.blueEnabled} />
        </Stack>
      ))}
    </Stack>
  );
}
