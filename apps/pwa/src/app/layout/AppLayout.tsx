import { AppShell, Burger, Drawer, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCurrentUser } from '../../api/session';
import { AdminEmailBanner } from '../../features/admin/AdminEmailBanner';
import { KeyChangeBanner } from '../../features/archive/KeyChangeBanner';
import { LockButton } from '../../features/lock/LockButton';
import { useAutoLock } from '../../features/lock/useAutoLock';
import { de } from '../../i18n/de';
import { LogoutWarning } from '../../sync/ui/LogoutGuard';
import { SyncIndicator } from '../../sync/ui/SyncIndicator';
import { useLogoutGuard } from '../../sync/ui/useLogoutGuard';
import { LoadingOutlet } from '../RouteLoader';
import { useLogout } from './useLogout';
import { Logo } from './Logo';
import { NavItems } from './NavItems';
import { UserMenu } from './UserMenu';

const navbarWidth = 260;

/**
 * The signed-in frame (docs/spec/accounts.md §2): header with logo and user menu, a fixed sidebar from the md
 * breakpoint up and a drawer below it (tablets in portrait, phones).
 */
export function AppLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { user } = useCurrentUser();
  const logout = useLogout();
  const logoutGuard = useLogoutGuard(() => logout.mutate());
  useAutoLock();
  // RequireAuth renders this layout only with a user; the guard keeps the types honest.
  if (!user) return null;

  const onLogout = () => {
    drawer.close();
    logoutGuard.requestLogout();
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: navbarWidth, breakpoint: 'md', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="md"
              aria-label={drawerOpened ? de.nav.closeMenu : de.nav.openMenu}
            />
            <Logo />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SyncIndicator />
            <LockButton />
            <UserMenu user={user} onLogout={onLogout} />
          </Group>
        </Group>
      </AppShell.Header>

      {/* Below md the drawer navigates; the collapsed sidebar is hidden, not only pushed off-screen, so its
          links take no keyboard focus and do not lie under a page that scrolls sideways (a scrolled tab list). */}
      <AppShell.Navbar p="sm" component="nav" aria-label={de.nav.mainNavigation} visibleFrom="md">
        <ScrollArea type="auto">
          <NavItems user={user} onLogout={onLogout} logoutPending={logout.isPending} />
        </ScrollArea>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={de.nav.menu}
        size={navbarWidth + 40}
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': de.nav.closeMenu }}
      >
        <nav aria-label={de.nav.mainNavigation}>
          <NavItems user={user} onNavigate={drawer.close} onLogout={onLogout} logoutPending={logout.isPending} />
        </nav>
      </Drawer>

      <AppShell.Main>
        {user.isAdmin && !user.email && <AdminEmailBanner />}
        <KeyChangeBanner user={user} />
        {/* Header and navigation stay while the next page's code arrives. Locked, RequireAuth shows
            LockedFrame instead of this frame. */}
        <LoadingOutlet />
      </AppShell.Main>
      <LogoutWarning {...logoutGuard.warningProps} />
    </AppShell>
  );
}
