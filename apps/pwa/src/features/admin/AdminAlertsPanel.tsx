import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@sanidok/schema';
import { IconBell } from '@tabler/icons-react';
import { errorMessage } from '../../api/client';
import { adminDe } from '../../i18n/de';
import { notifyError } from '../../lib/notify';
import { useMarkAlertRead } from './actions';
import { useAdminAlerts } from './queries';

const t = adminDe.alerts;

/**
 * The admins' inbox (docs/security.md, "Archive alerts"): unread alerts above the tabs, so that
 * an admin without an e-mail address or without a mail server still sees them. Nothing shown
 * while there is nothing unread.
 */
export function AdminAlertsPanel() {
  const alerts = useAdminAlerts();
  const markRead = useMarkAlertRead();
  const unread = (alerts.data ?? []).filter((alert) => alert.readAt === null);
  if (unread.length === 0) return null;
  return (
    <Paper withBorder p="md" bg="orange.0" component="section" aria-label={t.label}>
      <Group gap="xs" mb="sm">
        <IconBell size={20} aria-hidden />
        <Title order={2} size="h4">
          {t.title} ({unread.length})
        </Title>
      </Group>
      <Stack gap="sm">
        {unread.map((alert) => (
          <Group key={alert.id} justify="space-between" align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={`${alert.title}, ${formatDateTime(alert.createdAt)}`}>
            <div style={{ flex: '1 1 320px' }}>
              <Text fw={600}>{alert.title}</Text>
              <Text size="sm">{alert.body}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(alert.createdAt)}
              </Text>
            </div>
            <Button
              variant="default"
              mih={44}
              loading={markRead.isPending && markRead.variables === alert.id}
              onClick={() => markRead.mutate(alert.id, { onError: (error) => notifyError(t.failed, errorMessage(error)) })}
            >
              {t.markRead}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
