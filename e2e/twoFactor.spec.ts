import { expect, test } from './support/consoleGuard';
import { Secret, TOTP } from 'otpauth';
import { logoutViaUi, registerViaUi, uniqueName } from './helpers';
import { adminApiLogin } from './support/adminTotp';
import { clientHeader } from './support/api';

const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + offsetSteps * 30_000 });

/**
 * Two-factor sign-in in the browser: an owner turns two-factor sign-in on in the settings, signs in
 * with password and code, and a password set by a platform admin no longer opens the account.
 */
test.describe('Zwei-Faktor-Anmeldung', () => {
  test('Inhaber richtet sie ein, meldet sich mit Code an; ein vom Admin gesetztes Passwort allein reicht nicht', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const owner = uniqueName('zweifaktor');
    await registerViaUi(page, owner);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Einrichten', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    await dialog.getByLabel('Aktuelles Passwort').fill('Geheim-Sani-42');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect(dialog.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
    const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('Code aus der App (6 Ziffern)').fill(codeOf(secret));
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    const codes = page.getByRole('dialog', { name: 'Ihre Wiederherstellungscodes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    const recoveryCode = (await codes.getByRole('listitem').first().textContent()) ?? '';
    await codes.getByRole('button', { name: 'Fertig – Codes sind gesichert' }).click();
    await expect(page.getByText('Eingeschaltet')).toBeVisible();

    // Signing in again: the form asks for the code after the password. The code of the next step
    // (the server accepts one step of drift), since the set-up used this step's code already.
    await logoutViaUi(page);
    await page.goto('/auth');
    await page.getByLabel('Benutzername').fill(owner);
    await page.getByLabel('Passwort', { exact: true }).fill('Geheim-Sani-42');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByLabel('Code aus der Authenticator-App').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A platform admin sets a new password: with it alone, the sign-in stops at the code.
    const adminContext = await browser.newContext();
    await adminApiLogin(browser, adminContext.request);
    const users = (await (await adminContext.request.get(`/api/admin/users?search=${owner}`)).json()) as { id: number; username: string; totpEnabled: boolean }[];
    const target = users.find((u) => u.username === owner);
    expect(target?.totpEnabled).toBe(true);
    expect((await adminContext.request.post(`/api/admin/users/${target?.id}/reset-password`, { headers: clientHeader, data: { newPassword: 'Uebernahme-2026!' } })).status()).toBe(200);
    await adminContext.close();

    const intruder = await browser.newContext();
    const intruderPage = await intruder.newPage();
    await intruderPage.goto('/auth');
    await intruderPage.getByLabel('Benutzername').fill(owner);
    await intruderPage.getByLabel('Passwort', { exact: true }).fill('Uebernahme-2026!');
    await intruderPage.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const codeField = intruderPage.getByLabel('Code aus der Authenticator-App');
    await expect(codeField).toBeVisible();
    await codeField.fill(String((Number(codeOf(secret)) + 3) % 1_000_000).padStart(6, '0'));
    await intruderPage.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(intruderPage.getByText('Der Code ist falsch oder abgelaufen.')).toBeVisible();
    await expect(intruderPage).toHaveURL(/\/auth$/);
    await intruder.close();

    // The owner, with the new password and a recovery code (the phone left at home).
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Benutzername').fill(owner);
    await page.getByLabel('Passwort', { exact: true }).fill('Uebernahme-2026!');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByLabel('Code aus der Authenticator-App').fill(recoveryCode);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
