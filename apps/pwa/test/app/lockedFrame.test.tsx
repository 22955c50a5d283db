import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { LazyRouteHandle } from '../../src/app/lazyRoute';
import { isLazyRouteHandle } from '../../src/app/lazyRoute';
import { routes } from '../../src/app/routes';
import { openUserDatabase } from '../../src/data/db';
import { useLockStore } from '../../src/sync/lockStore';
import { useSyncStore } from '../../src/sync/syncStore';
import type * as SyncSession from '../../src/sync/syncSession';
import { rememberUser } from '../../src/api/lastUser';
import { callsTo, json, mockApi, renderApp, testUser } from '../helpers/render';

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

describe('a full page load of a signed-in page', () => {
  it('paints the lock screen in a light frame first; the frame and the page load once an unlock begins', async () => {
    const preload = vi.spyOn(frameHandle(), 'preload');
    useLockStore.setState({ status: 'locked', viaSignIn: false });
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([]) });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
    expect(screen.getByText(/Anna Sanitäterin/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    // Sync goes on while locked and signing out stays possible: both join the header, without 'lib'.
    const header = screen.getByRole('banner');
    expect(await within(header).findByTestId('locked-sync-status')).toHaveTextContent('Online');
    expect(within(header).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /anna\.sani/ })).not.toBeInTheDocument();
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

  it('signs out from the lock screen, with the warning while changes wait (design §4.9)', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), 'POST /api/logout': () => new Response(null, { status: 204 }) });
    const db = openUserDatabase(testUser.id, 'Anna Sanitäterin');
    await db.outbox.add({ seq: 1, mutationId: '01900000-0000-7000-8000-000000000901', name: 'service.create', args: {}, createdAt: '2026-07-04T12:20:00.000Z', entityId: 'x', status: 'pending' });
    useLockStore.setState({ status: 'locked', viaSignIn: false });
    // The sync session (mocked here) keeps the store's count; the warning counts the database itself.
    useSyncStore.setState({ pendingCount: 1 });
    const { user, router } = renderApp('/dashboard');
    const header = within(await screen.findByRole('banner'));
    expect(await header.findByTestId('locked-sync-status')).toHaveTextContent('1 Änderung ausstehend');

    await user.click(header.getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nicht übertragene Änderungen' });
    expect(within(dialog).getByText('1 Änderung wurde noch nicht an den Server übertragen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();

    await user.click(header.getByRole('button', { name: 'Abmelden' }));
    await user.click(await screen.findByRole('button', { name: 'Abmelden und Änderungen behalten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(1);
  });

  it("paints the lock screen of the device's last user before the server has answered; a refused session then leads to /auth", async () => {
    rememberUser(testUser);
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    useLockStore.setState({ status: 'locked', viaSignIn: false });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
    expect(screen.getByText(/Anna Sanitäterin/)).toBeInTheDocument();

    answer(json({ message: 'Nicht angemeldet', code: 'UNAUTHENTICATED' }, 401));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByRole('heading', { name: 'SaniDok ist gesperrt' })).not.toBeInTheDocument();
  });

  it('without a remembered user shows the spinner until the server has answered', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)), 'GET /api/organizations': () => json([]) });
    useLockStore.setState({ status: 'locked', viaSignIn: false });
    renderApp('/dashboard');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(1));
    expect(await screen.findByRole('status', { name: 'Wird geladen …' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'SaniDok ist gesperrt' })).not.toBeInTheDocument();
    answer(json(testUser));
    expect(await screen.findByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
  });
});
