import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useDatabase } from '../../../data/hooks';
import { useServiceTeam, useTeamStanding } from '../../../data/teamHooks';
import { serviceTeamsDe as t } from '../../../i18n/serviceTeams.de';
import { useSyncStore } from '../../../sync/syncStore';
import { AccessCodePanel } from './AccessCodePanel';
import { EditTeamDialog } from './EditTeamDialog';
import { usePrefetchMembers } from '../../organizations/queries';

interface ServiceTeamTabProps {
  service: Service;
  /** Owner or organisation admin: assigns and removes members, renews the code. */
  canManage: boolean;
  locked: boolean;
}

/**
 * Tab 'Team' of the service detail: who is on the team, who put them there, when and
 * how; read from the device (the team is synced), so it shows offline. Changing it is online.
 */
export function ServiceTeamTab({ service, canManage, locked }: ServiceTeamTabProps) {
  const team = useServiceTeam(service.id);
  const standing = useTeamStanding(service.id);
  const db = useDatabase();
  const online = useSyncStore((s) => s.online);
  const [editing, setEditing] = useState(false);
  const archived = service.status === 'archived';
  const seesCode = canManage || standing === 'member';
  usePrefetchMembers(service.organizationId, canManage && !archived && !locked && online);

  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t.title}
              </Title>
              <Text size="sm" c="gray.7">
                {t.intro}
              </Text>
            </Stack>
            {canManage && !archived && (
              <Stack gap={4} align="flex-end">
                <Button size="md" leftSection={<IconUsersGroup size={18} aria-hidden />} disabled={locked || !online} onClick={() => setEditing(true)}>
                  {t.edit}
                </Button>
                {!online && (
                  <Text size="sm" c="gray.7">
                    {t.onlineOnly}
                  </Text>
                )}
              </Stack>
            )}
          </Group>
          {team === undefined && <Loader size="sm" aria-label={t.listLabel} />}
          {team?.length === 0 && <Text c="gray.7">{t.empty}</Text>}
          {team && team.length > 0 && (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
              {team.map((member) => (
                <Paper component="li" withBorder p="sm" key={member.id} data-user-id={member.userId}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs">
                      <Text fw={600}>{member.username}</Text>
                      {member.userId === db?.userId && <Badge variant="light">{t.you}</Badge>}
                    </Group>
                    <Badge variant="outline" color="gray">
                      {t.methods[member.method]}
                    </Badge>
                  </Group>
                  <Text size="sm" c="gray.7">
                    {t.addedLine(member.method, member.addedByName, member.addedAt)}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      {seesCode && !archived && <AccessCodePanel service={service} canManage={canManage && !locked} />}
      {editing && <EditTeamDialog service={service} current={(team ?? []).map((m) => m.userId)} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
