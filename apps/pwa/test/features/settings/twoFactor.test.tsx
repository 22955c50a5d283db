import { screen, waitFor, within } from '@testing-library/react';
import { twoFactorMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, renderApp, testUser, unauthenticated } from '../../helpers/render';

const recoveryCodes = ['ABCDE-FGHJK', 'MNPQR-STVWX', '01234-56789', 'YZABC-DEFGH', 'JKMNP-QRSTV', 'WXYZ0-12345', '6789A-BCDEF', 'GHJKM-NPQRS', 'TVWXY-Z0123', '45678-9ABCD'];

describe('two-factor sign-in in the settings', () => {
  it('sets up in three steps: password, QR code and first code, then the recovery codes once', async () => {
    let enabled = false;
    const fetchMock = mockApi({
      'GET /api/user': () => json({ ...testUser, totpEnabled: enabled }),
      'POST /api/account/totp/setup': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/SaniDok:anna.sani?secret=JBSWY3DPEHPK3PXP&issuer=SaniDok' }),
      'POST /api/account/totp/confirm': () => {
        enabled = true;
        return json({ recoveryCodes });
      },
    });
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).closest('div.mantine-Paper-root') as HTMLElement;
    expect(within(card).getByText('Ausgeschaltet')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Einrichten' }));

    const dialog = await screen.findByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    await user.type(within(dialog).getByLabelText('Aktuelles Passwort'), 'Geheim-Sani-42');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(await within(dialog).findByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeInTheDocument();
    const codeField = within(dialog).getByLabelText('Code aus der App (6 Ziffern)');
    expect(codeField).toHaveAttribute('inputmode', 'numeric');
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(codeField, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));

    const codes = await screen.findByRole('dialog', { name: 'Ihre Wiederherstellungscodes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(callsTo(fetchMock, 'POST', '/api/account/totp/setup')[0]?.body).toEqual({ currentPassword: 'Geheim-Sani-42' });
    expect(callsTo(fetchMock, 'POST', '/api/account/totp/confirm')[0]?.body).toEqual({ code: '123456' });
    await user.click(within(codes).getByRole('button', { name: 'Fertig – Codes sind gesichert' }));
    await waitFor(() => expect(within(card).getByText('Eingeschaltet')).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Abschalten' })).toBeInTheDocument();
  });

  it('shows a refusal inside the dialog, at once', async () => {
    mockApi({
      'GET /api/user': () => json(testUser),
      'POST /api/account/totp/setup': () => json({ message: 'Das aktuelle Passwort ist falsch.', code: 'VALIDATION', fields: { currentPassword: 'Das aktuelle Passwort ist falsch.' } }, 400),
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Einrichten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    await user.type(within(dialog).getByLabelText('Aktuelles Passwort'), 'falsch');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Das aktuelle Passwort ist falsch.');
  });

  it('offers a platform admin no way to switch it off', async () => {
    mockApi({ 'GET /api/user': () => json({ ...testUser, isAdmin: true, totpEnabled: true }) });
    renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Auf neues Gerät umstellen' })).toBeInTheDocument();
    expect(screen.getByText(/Für Plattform-Administratoren ist sie Pflicht/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abschalten' })).not.toBeInTheDocument();
  });
});

describe('the admin area without two factors', () => {
  it('explains and links to the set-up instead of opening the tabs', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json({ ...testUser, isAdmin: true, totpEnabled: false }) });
    renderApp('/admin');
    expect(await screen.findByText(twoFactorMessages.setupRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Einstellungen' })).toHaveAttribute('href', '/settings#zwei-faktor');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => typeof url === 'string' && url.startsWith('/api/admin'))).toHaveLength(0);
  });
});

describe('sign-in with two factors', () => {
  it('asks for the code after the password and sends both again', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'GET /api/user': unauthenticated,
      'POST /api/login': () => {
        attempts += 1;
        if (attempts === 1) return json({ message: twoFactorMessages.required, code: 'TOTP_REQUIRED' }, 401);
        if (attempts === 2) return json({ message: twoFactorMessages.wrongCode, code: 'TOTP_INVALID', fields: { code: twoFactorMessages.wrongCode } }, 401);
        return json({ ...testUser, totpEnabled: true });
      },
    });
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Benutzername'), 'anna.sani');
    await user.type(screen.getByLabelText('Passwort'), 'Geheim-Sani-42');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const code = await screen.findByLabelText('Code aus der Authenticator-App');
    expect(code).toHaveFocus();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(twoFactorMessages.wrongCode)));
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(fetchMock, 'POST', '/api/login').map((c) => c.body)).toEqual([
      { username: 'anna.sani', password: 'Geheim-Sani-42', rememberMe: false },
      { username: 'anna.sani', password: 'Geheim-Sani-42', rememberMe: false, totpCode: '111111' },
      { username: 'anna.sani', password: 'Geheim-Sani-42', rememberMe: false, totpCode: '654321' },
    ]);
  });
});
