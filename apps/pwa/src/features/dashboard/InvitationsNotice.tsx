import { Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.dashboard;

/**
 * Pending invitations on the dashboard, with the way to answer them. A region, not an alert: it
 * stays while invitations wait and must not be announced again at every poll.
 */
export function InvitationsNotice({ count }: { count: number }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dashboard-invitations" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color="blue" aria-hidden>
            <IconMailOpened size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h4" id="dashboard-invitations">
              {t.invitationsTitle}
            </Title>
            <Text size="sm">{t.invitationsText(count)}</Text>
          </div>
        </Group>
        <Button component={Link} to="/organizations?tab=invitations">
          {t.invitationsOpen}
        </Button>
      </Group>
    </Paper>
  );
}
