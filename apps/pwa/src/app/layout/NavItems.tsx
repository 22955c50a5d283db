import { Badge, NavLink, Stack } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import {
  IconAmbulance,
  IconArchive,
  IconBandage,
  IconBuildingCommunity,
  IconClipboardHeart,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useOwnsOrganization } from '../../features/organizations/useOwnsOrganization';
import { usePendingInvitationCount } from '../../features/organizations/usePendingInvitationCount';
import { de } from '../../i18n/de';

interface NavEntry {
  to: string;
  label: string;
  icon: Icon;
  /** A count shown beside the label (pending invitations). */
  badge?: number;
}

/**
 * The sidebar/drawer entries of docs/spec/accounts.md §2, filtered by what the user may open, plus the global
 * Bagatellbehandlungen and Patientenprotokolle lists (reachable without typing their address).
 */
export function useNavEntries(user: PublicUser): NavEntry[] {
  const ownsOrganization = useOwnsOrganization();
  const invitations = usePendingInvitationCount();
  const entries: (NavEntry | false)[] = [
    { to: '/dashboard', label: de.nav.dashboard, icon: IconLayoutDashboard },
    { to: '/organizations', label: de.nav.organizations, icon: IconBuildingCommunity, badge: invitations },
    { to: '/services', label: de.nav.services, icon: IconAmbulance },
    { to: '/minor-treatments', label: de.nav.minorTreatments, icon: IconBandage },
    { to: '/patient-protocols', label: de.nav.patientProtocols, icon: IconClipboardHeart },
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
      {entries.map(({ to, label, icon: EntryIcon, badge }) => (
        <NavLink
          key={to}
          component={Link}
          // With invitations waiting, the entry opens their tab directly.
          to={badge ? `${to}?tab=invitations` : to}
          label={label}
          leftSection={<EntryIcon size={20} stroke={1.6} />}
          rightSection={
            badge ? (
              <Badge size="sm" circle color="red" aria-label={de.organizations.pendingInvitations(badge)}>
                {badge}
              </Badge>
            ) : undefined
          }
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
