import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { IconLock } from '@tabler/icons-react';
import { de } from '../../i18n/de';
import { roleColor } from './permissions';

const t = de.organizations;

interface OrganizationListProps {
  organizations: readonly OrganizationListItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The user's organisations as large touch targets; the selected one is highlighted. */
export function OrganizationList({ organizations, selectedId, onSelect }: OrganizationListProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
      {organizations.map((organization) => {
        const selected = organization.id === selectedId;
        return (
          <li key={organization.id}>
            <UnstyledButton
              onClick={() => onSelect(organization.id)}
              aria-pressed={selected}
              w="100%"
              p="md"
              mih={44}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: `1px solid ${selected ? 'var(--mantine-color-sani-6)' : 'var(--mantine-color-gray-3)'}`,
                backgroundColor: selected ? 'var(--mantine-color-sani-0)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} lineClamp={2}>
                  {organization.name}
                </Text>
                {organization.isBlocked && (
                  <Badge color="red" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                    {t.blockedBadge}
                  </Badge>
                )}
              </Group>
              <Group gap="xs" mt={4}>
                <Badge color={roleColor[organization.role]} variant="light" size="sm">
                  {t.roles[organization.role]}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t.memberCount(organization.memberCount)}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
