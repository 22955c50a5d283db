import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { syncDe } from '../../i18n/sync.de';
import { countPendingChanges } from '../syncSession';

interface LogoutWarningProps {
  /** Pending changes; null keeps the dialog closed. */
  count: number | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Design §4.9: signing out with unsynced changes warns and never discards them silently. */
export function LogoutWarning({ count, onCancel, onConfirm }: LogoutWarningProps) {
  return (
    <Modal opened={count !== null} onClose={onCancel} title={syncDe.logout.title} centered>
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={20} />}>
          <Text size="sm" fw={600}>
            {count === 1 ? syncDe.logout.textOne : syncDe.logout.textMany(count ?? 0)}
          </Text>
        </Alert>
        <Text size="sm">{syncDe.logout.keepHint}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {syncDe.logout.cancel}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {syncDe.logout.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Wraps the sign-out action: with pending changes it first opens the warning, counting them from
 * the database at the moment of the click rather than trusting a possibly stale figure.
 */
export function useLogoutGuard(signOut: () => void) {
  const [count, setCount] = useState<number | null>(null);
  const requestLogout = () => {
    void countPendingChanges()
      // Unreadable database: still sign out; endSyncSession keeps a database it cannot count.
      .catch(() => 0)
      .then((pending) => {
        if (pending > 0) setCount(pending);
        else signOut();
      });
  };
  const warningProps: LogoutWarningProps = {
    count,
    onCancel: () => setCount(null),
    onConfirm: () => {
      setCount(null);
      signOut();
    },
  };
  return { requestLogout, warningProps };
}
