import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BoardStatus } from '@sanidok/schema';
import { dischargeOutcomeLabel, formatTime, LOW_MATERIAL_OPEN_UNITS } from '@sanidok/schema';
import { boardDe } from '../../i18n/board.de';
import type { dischargesByOutcome, materialsRunningLow, OpenProtocolRow } from './boardModel';

const t = boardDe;

/** One tile of the board; `large` is the wall mode's type size. */
export function Panel({ title, large, children, testId }: { title: string; large: boolean; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding={large ? 'lg' : 'md'} data-testid={testId} h="100%">
      <Title order={2} fz={large ? 32 : 'h4'} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const textSize = (large: boolean) => (large ? 26 : 'md');

export function OpenProtocolsPanel({ rows, large }: { rows: OpenProtocolRow[]; large: boolean }) {
  return (
    <Panel title={`${t.open.title}: ${rows.length}`} large={large} testId="board-open-protocols">
      {rows.length === 0 ? <Text fz={textSize(large)}>{t.open.none}</Text> : (
        <Stack gap={large ? 'sm' : 'xs'} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Group key={row.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Text fz={textSize(large)} fw={700}>{t.open.number(row.number)}</Text>
              <Group gap="xs" wrap="wrap">
                <Text fz={textSize(large)}>{t.open.age(row.ageMinutes)}</Text>
                <Badge size={large ? 'xl' : 'md'} color={row.needsReview ? 'orange' : 'blue'}>{row.needsReview ? t.open.review : t.open.state}</Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function OutcomesPanel({ rows, large }: { rows: ReturnType<typeof dischargesByOutcome>; large: boolean }) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Panel title={`${t.outcomes.title}: ${total}`} large={large} testId="board-outcomes">
      <Stack gap={large ? 'sm' : 'xs'} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Group key={row.outcome} component="li" justify="space-between" wrap="nowrap" data-outcome={row.outcome}>
            <Text fz={textSize(large)}>{dischargeOutcomeLabel(row.outcome === 'unknown' ? null : row.outcome)}</Text>
            <Text fz={textSize(large)} fw={700}>{row.count}</Text>
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}

export function MaterialsPanel({ rows, large }: { rows: ReturnType<typeof materialsRunningLow>; large: boolean }) {
  return (
    <Panel title={t.materials.title} large={large} testId="board-materials">
      {rows.length === 0 ? <Text fz={textSize(large)}>{t.materials.none}</Text> : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Stack key={row.materialId} component="li" gap={0}>
              <Text fz={textSize(large)} fw={700}>{row.name}</Text>
              <Text fz={large ? 22 : 'sm'}>{t.materials.row(row.openUnits, row.unit)}</Text>
            </Stack>
          ))}
        </Stack>
      )}
      {!large && <Text size="sm" c="gray.7" mt="xs">{t.materials.hint(LOW_MATERIAL_OPEN_UNITS)}</Text>}
    </Panel>
  );
}

/** The team with each member's devices; the names are the team's user names (no patient data). */
export function TeamPanel({ status, fallback, large }: { status: BoardStatus | undefined; fallback: { userId: number; username: string }[]; large: boolean }) {
  const members = status?.team ?? fallback.map((m) => ({ ...m, fullName: null, devices: null }));
  return (
    <Panel title={`${t.team.title}: ${members.length}`} large={large} testId="board-team">
      {members.length === 0 ? <Text fz={textSize(large)}>{t.team.none}</Text> : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {members.map((member) => (
            <Stack key={member.userId} component="li" gap={2} data-testid={`board-member-${member.username}`}>
              <Text fz={textSize(large)} fw={700}>{member.fullName ?? member.username}</Text>
              {member.devices === null ? null : member.devices.length === 0 ? <Text fz={large ? 22 : 'sm'} c="gray.7">{t.team.noDevice}</Text> : member.devices.map((device) => (
                <Group key={device.deviceLabel} gap="xs" wrap="wrap">
                  <Text fz={large ? 22 : 'sm'}>{t.team.device(device.deviceLabel)}</Text>
                  <Text fz={large ? 22 : 'sm'} c="gray.7">{t.team.seen(formatTime(device.lastSeenAt))}</Text>
                  <Badge size={large ? 'lg' : 'sm'} color={device.pendingCount ? 'orange' : 'green'} data-testid="board-device-pending">{t.team.pending(device.pendingCount)}</Badge>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {!status && <Text size={large ? 'lg' : 'sm'} c="gray.7" mt="xs">{t.team.unavailable}</Text>}
    </Panel>
  );
}
