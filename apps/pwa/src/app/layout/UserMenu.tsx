import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { de } from '../../i18n/de';

interface UserMenuProps {
  user: PublicUser;
  onLogout: () => void;
}

export function UserMenu({ user, onLogout }: UserMenuProps) {
  const initial = user.username.charAt(0).toLocaleUpperCase('de-DE');
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton className="sanidok-user-menu-target" aria-label={de.nav.userMenu}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="sani" radius="xl" aria-hidden>
              {initial}
            </Avatar>
            <Text fw={500} visibleFrom="sm">
              {user.username}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{de.nav.myAccount}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={18} />}>
          {de.nav.profile}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={18} />}>
          {de.nav.settings}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={onLogout}>
          {de.nav.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
