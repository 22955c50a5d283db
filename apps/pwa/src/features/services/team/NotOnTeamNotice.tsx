import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { IconKey, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { JoinServiceDialog } from './JoinServiceDialog';

const t = serviceTeamsDe.notOnTeam;

/**
 * Shown to a member who is not on the service's team: on the service detail and in place of the
 * capture buttons of its tabs. Patient data of the service does not reach this device until the
 * member joins (docs/security.md, "Patient data follows the team").
 */
export function NotOnTeamNotice({ service, compact = false }: { service: Pick<Service, 'id' | 'name'>; compact?: boolean }) {
  const [joining, setJoining] = useState(false);
  return (
    <Alert color="yellow" variant="light" icon={<IconUsersGroup aria-hidden />} title={t.title} role="status" data-testid="not-on-team">
      <Stack gap="sm" align="flex-start">
        {!compact && <Text size="sm">{t.text}</Text>}
        {/* The label wraps on a phone instead of running out of the notice. */}
        <Button
          variant="light"
          size="md"
          maw="100%"
          h="auto"
          mih={44}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={() => setJoining(true)}
        >
          {t.join}
        </Button>
      </Stack>
      <JoinServiceDialog service={service} opened={joining} onClose={() => setJoining(false)} />
    </Alert>
  );
}
