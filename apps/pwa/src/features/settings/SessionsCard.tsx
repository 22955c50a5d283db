import type { SessionListItem } from '@sanidok/schema';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/client';
import { sessionsDe as t } from '../../i18n/sessions.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { describeUserAgent } from './deviceLabel';
import { SessionSummary } from './SessionSummary';
import { useOwnSessions, useSessionActions } from './sessionActions';

export interface SessionsCardProps {
  /** Ends this device's own session: the app's sign-out, which also clears the device's side. */
  endCurrentSession: () => void;
}

/**
 * One's signed-in browsers and devices (BSI TR-03161: the user can end sessions): "Beenden" for
 * each, the current one as a sign-out; "Gerät als verloren melden" for the others.
 */
export function SessionsCard({ endCurrentSession }: SessionsCardProps) {
  const sessions = useOwnSessions();
  const actions = useSessionActions();
  const run = (action: typeof actions.end, id: string, done: string) =>
    action.mutate(id, { onSuccess: () => notifySuccess(done, ''), onError: (error) => notifyError(t.failed, errorMessage(error)) });

  const row = (session: SessionListItem) => (
    <Paper key={session.id} withBorder p="sm" aria-label={describeUserAgent(session.userAgent)}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SessionSummary session={session} />
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => (session.current ? endCurrentSession() : run(actions.end, session.id, t.ended))}>
            {t.end}
          </Button>
          {!session.current && (
            <Button variant="light" color="red" size="xs" onClick={() => run(actions.reportLost, session.id, t.reported)}>
              {t.reportLost}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );

  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="h3" mb="xs">
        {t.title}
      </Title>
      <Text size="sm" mb="xs">
        {t.intro}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t.lostHint}
      </Text>
      {sessions.isError && <Alert color="red">{t.loadFailed}</Alert>}
      <Stack gap="xs">{sessions.data?.map(row)}</Stack>
    </Paper>
  );
}
