import { Alert, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@sanidok/schema';
import type { BoardData } from '../../data/boardHooks';
import { useBoardData } from '../../data/boardHooks';
import { boardDe } from '../../i18n/board.de';
import { useSyncStore } from '../../sync/syncStore';
import { useCanCapture } from '../services/captureServices';
import { useNow } from '../services/useNow';
import { diaryItems, dischargesByOutcome, materialsRunningLow, minutesSince, openProtocols, treatmentsPerHour } from './boardModel';
import { MaterialsPanel, OpenProtocolsPanel, OutcomesPanel, Panel, TeamPanel } from './BoardPanels';
import { DiaryPanel } from './DiaryPanel';
import { enterWallDisplay } from '../lock/wallDisplay';
import { HourlyChart } from './HourlyChart';
import type { LiveState } from './useBoardLive';
import { useBoardLive, useBoardStatus } from './useBoardLive';

const t = boardDe;

/**
 * Places for panels of other features, filled above the features (app/BoardRoute.tsx), as the
 * service detail's tabs are: MANV's counts per category go in `manvCounts`.
 */
export interface BoardSlots {
  /** `running`: the incidents still open, shown first over the full width; `ended`: the others, among the panels. */
  manvCounts?: ComponentType<{ serviceId: string; large: boolean; running: boolean }>;
}

const liveColors: Record<LiveState, string> = { live: 'green', connecting: 'gray', offline: 'orange' };

/**
 * The command-post board ("Lagetafel") of one service, `/services/{id}/board`; with
 * `?wall=1` the wall mode for a TV at the station: large type, no manual texts, full screen.
 * Everything but the team's devices comes from this device's database, so the board works
 * offline and says how old its data is; live events make the sync engine pull.
 */
export function BoardPage({ slots = {} }: { slots?: BoardSlots }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const wall = params.get('wall') === '1';
  const data = useBoardData(id);
  const live = useBoardLive(id);
  useWallFrame(wall);
  if (data === undefined) return <Text>{t.loading}</Text>;
  if (!data.service) return <Alert color="orange">{t.notFound}</Alert>;
  return <BoardContent service={data.service} data={data} wall={wall} live={live} slots={slots} />;
}

function BoardContent({ service, data, wall, live, slots }: { service: NonNullable<BoardData['service']>; data: BoardData; wall: boolean; live: LiveState; slots: BoardSlots }) {
  const now = useNow(wall ? 15_000 : 30_000);
  const online = useSyncStore((s) => s.online);
  const status = useBoardStatus(service.id);
  const canWrite = useCanCapture(service);
  const offline = !online || live === 'offline';
  const age = data.lastSyncAt ? t.asOf(formatDateTime(data.lastSyncAt), minutesSince(data.lastSyncAt, now)) : t.neverSynced;
  const buckets = treatmentsPerHour(data, now);
  const Manv = slots.manvCounts;

  const board = (
    <Stack gap={wall ? 'lg' : 'md'} data-testid="board" data-wall={wall ? 'true' : 'false'}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={wall ? 44 : 'h2'}>{wall ? t.wallTitle(service.name) : t.title(service.name)}</Title>
          <Text fz={wall ? 22 : 'sm'} c="gray.7" data-testid="board-as-of">{age}</Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Badge size={wall ? 'xl' : 'lg'} color={liveColors[offline ? 'offline' : live]} data-testid="board-live">
            {offline ? t.offline : live === 'live' ? t.live : t.connecting}
          </Badge>
          {wall ? (
            <Button component={Link} to={`/services/${service.id}/board`} variant="light" mih={44}>{t.leaveWall}</Button>
          ) : (
            <>
              <Button component={Link} to={`/services/${service.id}/board?wall=1`} variant="light" mih={44}>{t.wallMode}</Button>
              <Button component={Link} to={`/services/${service.id}`} variant="subtle" mih={44}>{t.backToService}</Button>
            </>
          )}
        </Group>
      </Group>
      {offline && <Alert color="orange" data-testid="board-offline"><Text fz={wall ? 22 : 'sm'}>{t.offlineNotice(age)}</Text></Alert>}
      {/* A MANV leads while it runs: first, over the full width, so every count column shows. */}
      {Manv && <Manv serviceId={service.id} large={wall} running />}
      <SimpleGrid cols={wall ? { base: 1, md: 2, xl: 3 } : { base: 1, sm: 2, lg: 3 }} spacing={wall ? 'lg' : 'md'}>
        <OpenProtocolsPanel rows={openProtocols(data, now)} large={wall} />
        <Panel title={`${t.minor.title} (${t.minor.total(data.minorTreatments.length)})`} large={wall} testId="board-minor">
          {data.minorTreatments.length === 0 ? <Text fz={wall ? 26 : 'md'}>{t.minor.none}</Text> : <HourlyChart buckets={buckets} large={wall} />}
        </Panel>
        <OutcomesPanel rows={dischargesByOutcome(data)} large={wall} />
        <TeamPanel status={status.data} fallback={data.team} large={wall} />
        <MaterialsPanel rows={materialsRunningLow(data)} large={wall} />
        {/* MANV slot: app/BoardRoute.tsx passes ManvCountsPanel from features/manv. */}
        {Manv && (
          <Box data-slot="manv-counts">
            <Manv serviceId={service.id} large={wall} running={false} />
          </Box>
        )}
      </SimpleGrid>
      <DiaryPanel serviceId={service.id} items={diaryItems(data, now)} wall={wall} canWrite={canWrite} />
    </Stack>
  );
  return board;
}

/**
 * Wall mode hides the app's header and navigation (app/app.css, `html[data-board-wall]`): the TV shows
 * the board alone. It does not lock while it shows; leaving it locks the app (features/lock/wallDisplay.ts).
 */
function useWallFrame(wall: boolean): void {
  useEffect(() => {
    if (!wall) return;
    const root = document.documentElement;
    root.dataset.boardWall = 'true';
    const leave = enterWallDisplay();
    return () => {
      delete root.dataset.boardWall;
      leave();
    };
  }, [wall]);
}
