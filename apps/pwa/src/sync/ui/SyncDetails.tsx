import { Alert, Badge, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../api/session';
import { syncDe } from '../../i18n/sync.de';
import { formatDateTime } from '../../lib/format';
import type { RejectedChange, SyncStoreState } from '../syncStore';
import { dismissRejectedChanges, requestManualSync } from '../syncSession';
import { lastSyncLabel, mutationLabel, pendingLabel } from './labels';

function RejectedList({ rejected }: { rejected: RejectedChange[] }) {
  if (rejected.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        {syncDe.indicator.rejectedTitle}
      </Title>
      <Text size="xs" c="dimmed">
        {syncDe.indicator.rejectedHint}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={syncDe.indicator.rejectedTitle}>
          {rejected.map((change) => (
            <li key={change.mutationId}>
              <Text size="sm" fw={600}>
                {mutationLabel(change.name)}
              </Text>
              <Text size="sm" c="red.8">
                {change.message}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(change.at)}
              </Text>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-sm" onClick={() => void dismissRejectedChanges()}>
          {syncDe.indicator.dismissRejected}
        </Button>
      </Group>
    </Stack>
  );
}

function StateAlert({ status }: { status: SyncStoreState }) {
  const queryClient = useQueryClient();
  if (status.state === 'auth-required') {
    return (
      <Alert color="orange" title={syncDe.indicator.authRequired}>
        <Text size="sm">{status.message ?? syncDe.indicator.authRequiredText}</Text>
        {/* Re-reading the session turns the expired one into "signed out", which opens the login. */}
        <Button mt="xs" size="compact-sm" onClick={() => void queryClient.invalidateQueries({ queryKey: sessionKeys.user })}>
          {syncDe.indicator.signInAgain}
        </Button>
      </Alert>
    );
  }
  if (status.state === 'schema-mismatch') {
    return (
      <Alert color="orange" title={syncDe.indicator.schemaMismatch}>
        <Text size="sm">{status.message}</Text>
        <Button mt="xs" size="compact-sm" onClick={() => window.location.reload()}>
          {syncDe.indicator.reload}
        </Button>
      </Alert>
    );
  }
  if (status.state === 'error') {
    return (
      <Alert color="red" title={syncDe.indicator.error}>
        <Text size="sm">{status.message}</Text>
        <Button mt="xs" size="compact-sm" variant="light" onClick={requestManualSync}>
          {syncDe.indicator.retry}
        </Button>
      </Alert>
    );
  }
  return null;
}

/** Contents of the indicator's popover. */
export function SyncDetails({ status }: { status: SyncStoreState }) {
  const pending = status.pendingCount ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="md">
          {syncDe.indicator.label}
        </Title>
        <Badge color={status.online ? 'sani' : 'gray'} variant="light">
          {status.online ? syncDe.indicator.online : syncDe.indicator.offline}
        </Badge>
      </Group>
      <Stack gap={2}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={500}>
            {pending > 0 ? pendingLabel(pending) : syncDe.indicator.allSynced}
          </Text>
          {status.state === 'syncing' && (
            <Text size="xs" c="dimmed">
              {syncDe.indicator.syncing}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {lastSyncLabel(status.lastSyncAt)}
        </Text>
      </Stack>
      <StateAlert status={status} />
      {status.persistence === 'denied' && (
        <Alert color="yellow" p="xs">
          <Text size="sm">{syncDe.indicator.storageDenied}</Text>
        </Alert>
      )}
      <RejectedList rejected={status.rejected} />
    </Stack>
  );
}
