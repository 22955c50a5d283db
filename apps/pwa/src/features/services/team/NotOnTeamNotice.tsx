import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { serviceStatus } from '@sanidok/schema';
import { IconKey, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { useNow } from '../useNow';
import { JoinServiceDialog } from './JoinServiceDialog';

const t = serviceTeamsDe.notOnTeam;

/**
 * Shown to a member who is not on the service's team: on the service detail and in place of the
 * capture buttons of its tabs. Patient data of the service does not reach this device until the
 * member joins (docs/security.md, "Patient data follows the team").
 */
export function NotOnTeamNotice({ service, compact = false }: { service: Pick<Service, 'id' | 'name' | 'status' | 'startDate' | 'endDate'>; compact?: boolean }) {
  const [joining, setJoining] = useState(false);
  // The server lets a code holder join only while the service runs (domain/serviceTeams/policy.ts
  // `isJoinable`): before and after that the notice says so instead of offering a refused call.
  const now = useNow();
  const running = serviceStatus(service, now) === 'active';
  return (
    <Alert color="yellow" variant="light" icon={<IconUsersGroup aria-hidden />} title={t.title} role="status" data-testid="not-on-team">
      <Stack gap="sm" align="flex-start">
        {(!compact || !running) && <Text size="sm">{running ? t.text : t.notRunning}</Text>}
        {/* The label wraps on a phone instead of running out of the notice. */}
        {running && (
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
        )}
      </Stack>
      <JoinServiceDialog service={service} opened={joining} onClose={() => setJoining(false)} />
    </Alert>
  );
}
