import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callsTo, findToast, json, mockApi, renderApp, testUser, unauthenticated } from '../helpers/render';

const admin = { ...testUser, id: 1, username: 'admin', isAdmin: true, totpEnabled: true };

// Every route is a real screen now: /dashboard, /services and /services/{id} (test/features/dashboard/,
// test/features/services/), /minor-treatments(/new) and /materials/used (test/features/minorTreatments/,
// test/features/materials/), /patient-archive (test/features/archive/), /patient-protocols(/new) and
// /services/{serviceId}/patients/{id}/edit (test/features/protocols/list/, test/features/protocols/create/).

describe('router', () => {
  it('shows the 404 screen for unknown paths', async () => {
    mockApi({ 'GET /api/user': unauthenticated });
    renderApp('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows a spinner while the session loads, then sends visitors without a session to /auth', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('status', { name: 'Wird geladen …' })).toBeInTheDocument();
    // The probe asks once its reply schema has loaded (api/sessionReplies.ts): answer that call.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(1));
    answer(unauthenticated());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('redirects users without isAdmin from /admin to /', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the admin area to platform admins', async () => {
    mockApi({ 'GET /api/user': () => json(admin) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeInTheDocument();
  });

  it('keeps a last known user when the server cannot be reached (offline start)', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    mockApi({ 'GET /api/user': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('shared layout', () => {
  it('lists the navigation of a standard user without archive and admin entries', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Organisation', '/organizations'],
      ['Sanitätsdienste', '/services'],
      ['Bagatellbehandlungen', '/minor-treatments'],
      ['Patientenprotokolle', '/patient-protocols'],
      ['Einstellungen', '/settings'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('opens the global Bagatellbehandlungen and Patientenprotokolle lists from the navigation', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { user, router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(within(nav).getByRole('link', { name: 'Bagatellbehandlungen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bagatellbehandlungen' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Bagatellbehandlungen' })).toHaveAttribute('data-active', 'true');
    await user.click(within(nav).getByRole('link', { name: 'Patientenprotokolle' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient-protocols'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeInTheDocument();
  });

  it('counts pending invitations at the Organisation entry, which then opens the invitations', async () => {
    const invitation = { id: 51, role: 'member', createdAt: '2026-05-03T07:30:00.000Z', expiresAt: '2026-05-17T07:30:00.000Z', organization: { id: 3, name: 'ASB Mitte' }, inviter: { username: 'paula.p' } };
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/invitations': () => json([invitation]), 'GET /api/organizations': () => json([]) });
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const entry = await within(nav).findByRole('link', { name: /^Organisation/ });
    expect(await within(entry).findByLabelText('1 offene Einladung')).toHaveTextContent('1');
    expect(entry).toHaveAttribute('href', '/organizations?tab=invitations');
    await user.click(entry);
    expect(await screen.findByRole('tab', { name: /Einladungen/, selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'ASB Mitte' })).toBeInTheDocument();
  });

  it('adds the admin entry for platform admins', async () => {
    mockApi({ 'GET /api/user': () => json(admin) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Admin-Bereich' })).toHaveAttribute('href', '/admin');
  });

  it('has a user menu with the initial, Mein Konto, Profil, Einstellungen and Abmelden', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { user } = renderApp('/dashboard');
    const target = await screen.findByRole('button', { name: 'anna.sani Benutzermenü' });
    expect(within(target).getByText('A')).toBeInTheDocument();
    expect(within(target).getByText('anna.sani')).toBeInTheDocument();
    await user.click(target);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Mein Konto')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Einstellungen' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('opens the mobile drawer with a close button and a logout button', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Menü öffnen' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: 'Menü schließen' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Menü schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out: clears the user and goes to /auth', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), 'POST /api/logout': () => json({ ok: true }) });
    const { user, router, queryClient } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(queryClient.getQueryData(['session', 'user'])).toBeNull();
    expect(localStorage.getItem('sanidok.lastUser')).toBeNull();
    const [call] = callsTo(fetchMock, 'POST', '/api/logout');
    expect(call?.headers['x-sanidok-client']).toBe('pwa');
    expect(call?.body).toBeUndefined();
  });

  it('offline, says at once that signing out needs the server instead of waiting without a word', async () => {
    mockApi({ 'GET /api/user': () => json(testUser), 'POST /api/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    onlineManager.setOnline(false);
    try {
      await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
      const toast = await findToast('Abmeldung fehlgeschlagen');
      expect(within(toast).getByText('Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows Abmeldung fehlgeschlagen with the server message when logout fails', async () => {
    mockApi({
      'GET /api/user': () => json(testUser),
      'POST /api/logout': () => new Response('Server nicht erreichbar', { status: 502, statusText: 'Bad Gateway' }),
    });
    const { user, router } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    const toast = await findToast('Abmeldung fehlgeschlagen');
    expect(within(toast).getByText('Server nicht erreichbar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
