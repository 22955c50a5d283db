import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

async function openProfileForm(handlers: Parameters<typeof mockApi>[0] = {}, user = testUser) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(user), ...handlers });
  const app = renderApp('/profile');
  await app.user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
  return { ...app, fetchMock };
}

describe('/profile', () => {
  it('shows the profile with account type, registration date and an empty membership list', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByText('Anna Sanitäterin')).toBeInTheDocument();
    expect(screen.getByText('anna@example.org')).toBeInTheDocument();
    expect(screen.getByText('Standard-Benutzer')).toBeInTheDocument();
    expect(screen.getByText('01.03.2026 09:30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mitgliedschaften' })).toBeInTheDocument();
    expect(screen.getByText('Sie sind noch in keiner Organisation Mitglied.')).toBeInTheDocument();
  });

  it('labels platform admins as Administrator', async () => {
    mockApi({ 'GET /api/user': () => json({ ...testUser, isAdmin: true }) });
    renderApp('/profile');
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
  });

  it('shows the profile messages of the shared schema and keeps the username read-only', async () => {
    const { user, fetchMock } = await openProfileForm();
    expect(screen.getByLabelText('Benutzername')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Vollständiger Name'));
    await user.clear(screen.getByLabelText('E-Mail-Adresse'));
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'keine-adresse');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Vollständiger Name ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Gültige E-Mail-Adresse erforderlich')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/profile')).toHaveLength(0);
  });

  it('saves, updates the shown user and shows Erfolgreich gespeichert', async () => {
    const updated = { ...testUser, fullName: 'Anna Beispiel', email: null };
    const { user, fetchMock } = await openProfileForm({ 'PATCH /api/profile': () => json(updated) });
    await user.clear(screen.getByLabelText('Vollständiger Name'));
    await user.type(screen.getByLabelText('Vollständiger Name'), 'Anna Beispiel');
    await user.clear(screen.getByLabelText('E-Mail-Adresse'));
    // A changed address asks for the password (the old address is told).
    await user.type(screen.getByLabelText('Ihr Passwort'), 'Geheim-Sani-42');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await findToast('Erfolgreich gespeichert');
    expect(await screen.findByText('Anna Beispiel')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'PATCH', '/api/profile');
    expect(call?.body).toEqual({ fullName: 'Anna Beispiel', email: '', currentPassword: 'Geheim-Sani-42' });
    expect(call?.headers['x-sanidok-client']).toBe('pwa');
  });

  it('keeps the inputs and shows Fehler beim Aktualisieren on failure', async () => {
    const { user } = await openProfileForm({
      'PATCH /api/profile': () => json({ message: 'E-Mail-Adresse wird bereits verwendet', code: 'CONFLICT' }, 409),
    });
    await user.clear(screen.getByLabelText('Vollständiger Name'));
    await user.type(screen.getByLabelText('Vollständiger Name'), 'Anna Neu');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const toast = await findToast('Fehler beim Aktualisieren');
    expect(within(toast).getByText('E-Mail-Adresse wird bereits verwendet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Vollständiger Name')).toHaveValue('Anna Neu'));
  });
});
