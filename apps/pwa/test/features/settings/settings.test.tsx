import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

async function openPasswordForm(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), ...handlers });
  const app = renderApp('/settings');
  await app.user.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
  return { ...app, fetchMock };
}

describe('/settings', () => {
  it('shows username, user id and security tips', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Benutzername').nextElementSibling).toHaveTextContent('anna.sani');
    expect(within(main).getByText('Benutzer-ID').nextElementSibling).toHaveTextContent('7');
    expect(screen.getByRole('heading', { name: 'Sicherheitshinweise' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the password-change messages of the shared schema', async () => {
    const { user, fetchMock } = await openPasswordForm();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Aktuelles Passwort ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Neues Passwort muss mindestens 10 Zeichen haben')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'alt-geheim');
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'neu-anders');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Neues Passwort bestätigen')).toHaveAccessibleDescription('Passwörter stimmen nicht überein'),
    );
    expect(callsTo(fetchMock, 'POST', '/api/change-password')).toHaveLength(0);
  });

  it('saves, shows Erfolgreich gespeichert and returns to display mode', async () => {
    const { user, fetchMock } = await openPasswordForm({ 'POST /api/change-password': () => json({ ok: true }) });
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'alt-geheim');
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'neu-geheim');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await findToast('Erfolgreich gespeichert');
    expect(await screen.findByRole('button', { name: 'Passwort ändern' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/change-password');
    expect(call?.body).toEqual({ currentPassword: 'alt-geheim', newPassword: 'neu-geheim' });
    expect(call?.headers['x-sanidok-client']).toBe('pwa');
  });

  it('keeps the form and shows Fehler beim Ändern des Passworts on failure', async () => {
    const { user } = await openPasswordForm({
      'POST /api/change-password': () =>
        json({ message: 'Das aktuelle Passwort ist falsch.', code: 'VALIDATION', fields: { currentPassword: 'Das aktuelle Passwort ist falsch.' } }, 400),
    });
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'falsch-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'neu-geheim');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const toast = await findToast('Fehler beim Ändern des Passworts');
    expect(within(toast).getByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveValue('falsch-1');
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveAccessibleDescription('Das aktuelle Passwort ist falsch.');
  });

  it('cancels back to display mode', async () => {
    const { user } = await openPasswordForm();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByRole('button', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Aktuelles Passwort')).not.toBeInTheDocument();
  });
});
