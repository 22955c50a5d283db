import type { SessionListItem } from '@sanidok/schema';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { sessionsDe as t } from '../../i18n/sessions.de';
import { formatDateTime } from '../../lib/format';
import { describeUserAgent } from './deviceLabel';

/** A session's device, its badges and times: one's own (./SessionsCard.tsx) and a member's (organizations/MemberDevicesDialog.tsx). */
export function SessionSummary({ session }: { session: SessionListItem }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={500}>{describeUserAgent(session.userAgent)}</Text>
        {session.current && <Badge color="sani">{t.thisDevice}</Badge>}
        {session.syncingDevice && <Badge variant="light">{t.syncing}</Badge>}
      </Group>
      <Text size="sm" c="dimmed">
        {t.lastUsed}: {formatDateTime(session.lastSeenAt)} · {t.created}: {formatDateTime(session.createdAt)}
      </Text>
    </Stack>
  );
}
