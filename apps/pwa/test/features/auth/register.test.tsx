import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../src/api/session';
import { callsTo, findToast, json, mockApi, renderApp, testUser, unauthenticated } from '../../helpers/render';

const betaPlaceholder = 'BETA-XXXXXX-XXXXXX';

async function openRegistration(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/user': unauthenticated, ...handlers });
  const app = renderApp('/auth');
  await app.user.click(await screen.findByRole('tab', { name: 'Registrieren' }));
  await screen.findByRole('button', { name: 'Registrieren' });
  return { ...app, fetchMock };
}

describe('/auth registration form', () => {
  it('requires an e-mail address and the acceptance of the terms', async () => {
    const { user, fetchMock } = await openRegistration({ 'GET /api/beta-mode': () => json({ betaModeEnabled: false }) });
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('E-Mail-Adresse ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Sie müssen den Nutzungsbedingungen und der Datenschutzerklärung zustimmen')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/register')).toHaveLength(0);
  });

  it('rejects an invalid e-mail, a short password and a different confirmation', async () => {
    const { user } = await openRegistration({ 'GET /api/beta-mode': () => json({ betaModeEnabled: false }) });
    await user.type(screen.getByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@');
    await user.type(screen.getByLabelText('Passwort'), 'kurz');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'anders-genug');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByText('Passwort muss mindestens 10 Zeichen lang sein')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Passwort'));
    await user.type(screen.getByLabelText('Passwort'), 'lang-genug');
    await user.clear(screen.getByLabelText('Passwort bestätigen'));
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'etwas-anderes');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    const confirmation = screen.getByLabelText('Passwort bestätigen');
    await waitFor(() => expect(confirmation).toHaveAccessibleDescription(/Passwörter stimmen nicht überein/));
  });

  it('links the terms and the privacy policy', async () => {
    await openRegistration({ 'GET /api/beta-mode': () => json({ betaModeEnabled: false }) });
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/nutzungsbedingungen');
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });

  it('shows a required beta-code field with its hint only when beta mode is on', async () => {
    await openRegistration({ 'GET /api/beta-mode': () => json({ betaModeEnabled: true }) });
    const betaField = await screen.findByPlaceholderText(betaPlaceholder);
    expect(betaField).toBeRequired();
    expect(betaField).toHaveAccessibleName(/Beta-Code/);
    expect(betaField).toHaveAccessibleDescription('Für die Registrierung ist derzeit ein gültiger Beta-Code erforderlich.');
  });

  it('hides the beta-code field when beta mode is off', async () => {
    const { queryClient } = await openRegistration({ 'GET /api/beta-mode': () => json({ betaModeEnabled: false }) });
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.betaMode)).toBe(false));
    expect(screen.queryByPlaceholderText(betaPlaceholder)).not.toBeInTheDocument();
  });

  it('hides the beta-code field without any message when the beta-mode call fails', async () => {
    const { fetchMock, queryClient } = await openRegistration({
      'GET /api/beta-mode': () => new Response('kaputt', { status: 500 }),
    });
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.betaMode)).toBe(false));
    expect(callsTo(fetchMock, 'GET', '/api/beta-mode')).toHaveLength(1);
    expect(screen.queryByPlaceholderText(betaPlaceholder)).not.toBeInTheDocument();
    expect(screen.queryByText('kaputt')).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('sends the payload without confirmPassword and terms, with the beta code, and signs in', async () => {
    const { user, fetchMock, router } = await openRegistration({
      'GET /api/beta-mode': () => json({ betaModeEnabled: true }),
      'POST /api/register': () => json(testUser),
    });
    await user.type(screen.getByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.org');
    await user.type(screen.getByLabelText('Passwort'), 'Geheim-Sani-42');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'Geheim-Sani-42');
    await user.type(await screen.findByPlaceholderText(betaPlaceholder), 'BETA-ABCDEF-123456');
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [call] = callsTo(fetchMock, 'POST', '/api/register');
    expect(call?.body).toEqual({
      username: 'anna.sani',
      email: 'anna@example.org',
      password: 'Geheim-Sani-42',
      betaCode: 'BETA-ABCDEF-123456',
    });
    expect(call?.body).not.toHaveProperty('confirmPassword');
    expect(call?.body).not.toHaveProperty('terms');
    expect(call?.headers['x-sanidok-client']).toBe('pwa');
  });

  it('keeps the inputs and shows the server message and field error on failure', async () => {
    const { user } = await openRegistration({
      'GET /api/beta-mode': () => json({ betaModeEnabled: false }),
      'POST /api/register': () =>
        json(
          { message: 'Benutzername ist bereits vergeben', code: 'USERNAME_TAKEN', fields: { username: 'Benutzername ist bereits vergeben' } },
          409,
        ),
    });
    await user.type(screen.getByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.org');
    await user.type(screen.getByLabelText('Passwort'), 'Geheim-Sani-42');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'Geheim-Sani-42');
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    const toast = await findToast('Registrierung fehlgeschlagen');
    expect(within(toast).getByText('Benutzername ist bereits vergeben')).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toHaveAccessibleDescription('Benutzername ist bereits vergeben');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('anna@example.org');
    expect(screen.getByLabelText('Passwort')).toHaveValue('Geheim-Sani-42');
    expect(screen.getByRole('checkbox', { name: /Ich akzeptiere/ })).toBeChecked();
  });
});
