import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ArchiveKeyFailureBody } from '@sanidok/schema';
import { IconShieldExclamation } from '@tabler/icons-react';
import { archiveDe } from '../../i18n/de';

const t = archiveDe.failed;

interface FailedKeyDialogProps {
  failure: ArchiveKeyFailureBody | null;
  onClose: () => void;
}

/** docs/spec/accounts.md §8 "Wrong archive key": message, 'Versuch {n} von 5', remaining attempts, security warning. */
export function FailedKeyDialog({ failure, onClose }: FailedKeyDialogProps) {
  return (
    <Modal opened={failure !== null} onClose={onClose} title={t.title} closeButtonProps={{ 'aria-label': t.close }}>
      {failure && (
        <Stack gap="md">
          <Text>{failure.message || t.message}</Text>
          <Text fw={600}>{t.attempt(failure.failureCount)}</Text>
          <Text size="sm" c="dimmed">
            {failure.remainingAttempts > 0 ? t.remaining(failure.remainingAttempts) : t.noneRemaining}
          </Text>
          {failure.adminNotified && (
            <Alert color="red" icon={<IconShieldExclamation aria-hidden />} title={t.securityTitle} role="alert">
              {t.securityText}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.retry}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
