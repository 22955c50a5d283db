import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
  // Without Mantine's focus placeholder: a tabindex child without a role inside role="menu"
  // breaks the menu's structure for screen readers; the first item takes the focus instead.
  return (
    <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* Named by its content, not aria-label: the visible user name must be part of the
            button's name (WCAG 2.5.3, label in name), followed by what the button does. */}
        <UnstyledButton className="sanidok-user-menu-target">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="sani" radius="xl" aria-hidden>
              {initial}
            </Avatar>
            <Text fw={500} visibleFrom="sm">
              {user.username}
            </Text>
            <VisuallyHidden>{de.nav.userMenu}</VisuallyHidden>
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
        {/* Menu items colour their text with shade 6 (3.3 : 1 on white); the red text colour of
            the theme (app/accessibleColors.ts) reaches 4.5 : 1. */}
        <Menu.Item color="var(--mantine-color-red-text)" leftSection={<IconLogout size={18} />} onClick={onLogout}>
          {de.nav.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
