import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { LazyRouteHandle } from '../../src/app/lazyRoute';
import { isLazyRouteHandle } from '../../src/app/lazyRoute';
import { routes } from '../../src/app/routes';
import { openUserDatabase } from '../../src/data/db';
import { useLockStore } from '../../src/sync/lockStore';
import type * as SyncSession from '../../src/sync/syncSession';
import { json, mockApi, renderApp, testUser } from '../helpers/render';

// No sync session: its start would follow this test database's keys (unlocked by test/setup.ts)
// and open the lock at once. The lock store alone plays the device's state here.
vi.mock('../../src/sync/syncSession', async (importOriginal) => ({
  ...(await importOriginal<typeof SyncSession>()),
  startSyncSession: vi.fn(),
  endSyncSession: vi.fn(() => Promise.resolve(0)),
}));

/** The signed-in frame's route (AppLayout): the first lazy route below RequireAuth. */
function frameHandle(): LazyRouteHandle {
  const find = (list: RouteObject[]): RouteObject | undefined => {
    for (const route of list) {
      if (route.children?.some((child) => child.path === '/dashboard')) return route;
      const inner = route.children && find(route.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const handle: unknown = find(routes)?.handle;
  if (!isLazyRouteHandle(handle)) throw new Error('no frame route');
  return handle;
}

describe('a full page load of a signed-in page (issue 16, issue 21)', () => {
  it('paints the lock screen in a light frame first; the frame and the page load once an unlock begins', async () => {
    const preload = vi.spyOn(frameHandle(), 'preload');
    useLockStore.setState({ status: 'locked', viaSignIn: false });
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([]) });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
    expect(screen.getByText(/Anna Sanitäterin/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    // The user menu joins the header once its code is there: signing out stays possible.
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: /anna\.sani/ })).toBeInTheDocument();
    expect(preload).not.toHaveBeenCalled();

    useLockStore.setState({ status: 'unlocking' });
    await waitFor(() => expect(preload).toHaveBeenCalled());
    openUserDatabase(testUser.id, 'Anna Sanitäterin');
    useLockStore.setState({ status: 'unlocked' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'SaniDok ist gesperrt' })).not.toBeInTheDocument();
    preload.mockRestore();
  });

  it('locking replaces the frame and the page with the lock screen; nothing of the page stays mounted', async () => {
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([]) });
    openUserDatabase(testUser.id, 'Anna Sanitäterin');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    useLockStore.setState({ status: 'locked' });
    expect(await screen.findByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
  });
});
