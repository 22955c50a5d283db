import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, findToast, json, mockApi, renderApp, testUser, unauthenticated } from '../../helpers/render';

async function openLogin() {
  const app = renderApp('/auth');
  await screen.findByRole('button', { name: 'Anmelden' });
  return app;
}

describe('/auth login form', () => {
  it('shows both German messages on an empty submit and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/user': unauthenticated });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte geben Sie einen Benutzernamen ein')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/login')).toHaveLength(0);
  });

  it('has the remember-me checkbox, the forgot-password link and a way back to /', async () => {
    mockApi({ 'GET /api/user': unauthenticated });
    await openLogin();
    expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/passwort-vergessen');
    expect(screen.getByRole('link', { name: /Zurück zur Startseite/ })).toHaveAttribute('href', '/');
  });

  it('keeps the inputs and shows the server message in the failure toast', async () => {
    const fetchMock = mockApi({
      'GET /api/user': unauthenticated,
      'POST /api/login': () => json({ message: 'Benutzername oder Passwort ist falsch.', code: 'INVALID_CREDENTIALS' }, 401),
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('Passwort'), 'falsch123');
    await user.click(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }));
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    const toast = await findToast('Anmeldung fehlgeschlagen');
    expect(within(toast).getByText('Benutzername oder Passwort ist falsch.')).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toHaveValue('anna.sani');
    expect(screen.getByLabelText('Passwort')).toHaveValue('falsch123');
    expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeChecked();
    expect(router.state.location.pathname).toBe('/auth');

    const [call] = callsTo(fetchMock, 'POST', '/api/login');
    expect(call?.body).toEqual({ username: 'anna.sani', password: 'falsch123', rememberMe: true });
    expect(call?.headers['x-sanidok-client']).toBe('pwa');
    expect(call?.credentials).toBe('same-origin');
  });

  it('puts server field messages on the matching field', async () => {
    mockApi({
      'GET /api/user': unauthenticated,
      'POST /api/login': () =>
        json({ message: 'Die Eingaben sind ungültig.', code: 'VALIDATION', fields: { username: 'Benutzername ist unbekannt' } }, 400),
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Benutzername'), 'niemand');
    await user.type(screen.getByLabelText('Passwort'), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Benutzername ist unbekannt')).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to /dashboard after a successful login', async () => {
    mockApi({ 'GET /api/user': unauthenticated, 'POST /api/login': () => json(testUser) });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('Passwort'), 'richtig123');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor straight to /dashboard', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
