import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MembershipRole } from '../organizations/useMemberships';
import { useMemberships } from '../organizations/useMemberships';
import { de } from '../../i18n/de';
import { formatDate } from '../../lib/format';

const roleColor: Record<MembershipRole, string> = { owner: 'sani', admin: 'blue', member: 'gray' };

/** Organisation memberships with role badge and member-since date (docs/spec/accounts.md §2). */
export function MembershipList() {
  const memberships = useMemberships();
  if (memberships.length === 0) return <Text c="dimmed">{de.profile.noMemberships}</Text>;
  return (
    <Stack gap="sm">
      {memberships.map((m) => (
        <Group key={m.organizationId} justify="space-between" wrap="wrap">
          <div>
            <Text fw={500}>{m.organizationName}</Text>
            <Text size="sm" c="dimmed">
              {de.profile.memberSince} {formatDate(m.memberSince)}
            </Text>
          </div>
          <Badge color={roleColor[m.role]} variant="light">
            {de.profile.roles[m.role]}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
