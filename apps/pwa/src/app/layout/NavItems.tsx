import { NavLink, Stack } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import {
  IconAmbulance,
  IconArchive,
  IconBuildingCommunity,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useOwnsOrganization } from '../../features/organizations/useOwnsOrganization';
import { de } from '../../i18n/de';

interface NavEntry {
  to: string;
  label: string;
  icon: Icon;
}

/** The sidebar/drawer entries of docs/spec/accounts.md §2, filtered by what the user may open. */
export function useNavEntries(user: PublicUser): NavEntry[] {
  const ownsOrganization = useOwnsOrganization();
  const entries: (NavEntry | false)[] = [
    { to: '/dashboard', label: de.nav.dashboard, icon: IconLayoutDashboard },
    { to: '/organizations', label: de.nav.organizations, icon: IconBuildingCommunity },
    { to: '/services', label: de.nav.services, icon: IconAmbulance },
    ownsOrganization && { to: '/patient-archive', label: de.nav.patientArchive, icon: IconArchive },
    { to: '/settings', label: de.nav.settings, icon: IconSettings },
    user.isAdmin && { to: '/admin', label: de.nav.admin, icon: IconShieldLock },
  ];
  return entries.filter((e): e is NavEntry => e !== false);
}

interface NavItemsProps {
  user: PublicUser;
  onNavigate?: () => void;
  onLogout: () => void;
  logoutPending: boolean;
}

export function NavItems({ user, onNavigate, onLogout, logoutPending }: NavItemsProps) {
  const { pathname } = useLocation();
  const entries = useNavEntries(user);
  return (
    <Stack gap={4}>
      {entries.map(({ to, label, icon: EntryIcon }) => (
        <NavLink
          key={to}
          component={Link}
          to={to}
          label={label}
          leftSection={<EntryIcon size={20} stroke={1.6} />}
          active={pathname === to || pathname.startsWith(`${to}/`)}
          onClick={onNavigate}
        />
      ))}
      <NavLink
        component="button"
        type="button"
        label={de.nav.logout}
        leftSection={<IconLogout size={20} stroke={1.6} />}
        onClick={onLogout}
        disabled={logoutPending}
        c="red"
      />
    </Stack>
  );
}
