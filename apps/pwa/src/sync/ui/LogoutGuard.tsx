import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { syncDe } from '../../i18n/sync.de';
import type { LogoutWarningProps } from './useLogoutGuard';

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
