import { expect, test } from './support/consoleGuard';
// The test helper's runner-free core: a real SMTP server on loopback.
import type { TestSmtpServer } from '../apps/sync-server/test/helpers/smtpCore';
import { createSmtpServer, smtpCredentials } from '../apps/sync-server/test/helpers/smtpCore';
import { uniqueName } from './helpers';
import { adminApiLogin } from './support/adminTotp';
import { clientHeader, registerViaApi } from './support/api';

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await createSmtpServer();
});
test.afterAll(async () => {
  await smtp.close();
});

/** 'Passwort vergessen?' from the sign-in page to a new password, through real SMTP. */
test.describe('Passwort vergessen', () => {
  test('Link per E-Mail anfordern, neues Passwort festlegen, damit anmelden; der Link gilt nur einmal', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const adminContext = await browser.newContext();
    await adminApiLogin(browser, adminContext.request);
    const configured = await adminContext.request.post('/api/admin/email-configurations', {
      headers: clientHeader,
      data: {
        name: `Loopback ${uniqueName('smtp')}`, host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username,
        password: smtpCredentials.password, fromEmail: 'noreply@sanidok.example', isActive: true,
      },
    });
    expect(configured.status(), await configured.text()).toBe(201);
    const userContext = await browser.newContext();
    const username = uniqueName('vergesslich');
    await registerViaApi(userContext.request, username);
    await userContext.close();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
    await page.getByLabel('E-Mail-Adresse').fill(`${username}@example.de`);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByText('Wenn zu dieser Adresse ein Konto gehört, haben wir soeben eine E-Mail')).toBeVisible();

    await expect.poll(() => smtp.received.some((m) => m.envelopeTo.includes(`${username}@example.de`) && m.parsed.subject === 'SaniDok: Passwort zurücksetzen'), { timeout: 20_000 }).toBe(true);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(`${username}@example.de`) && m.parsed.subject === 'SaniDok: Passwort zurücksetzen');
    const link = /\/passwort-zuruecksetzen\?token=\S+/.exec(mail?.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();

    await page.goto(link ?? '/');
    await page.getByLabel('Neues Passwort').fill('Frisch-gesetzt-2026');
    await page.getByLabel('Passwort bestätigen').fill('Frisch-gesetzt-2026');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).last().click();
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel('Passwort', { exact: true }).fill('Frisch-gesetzt-2026');
    await page.getByRole('button', { name: 'Anmelden' }).last().click();
    await expect(page).toHaveURL(/\/dashboard/);

    // The same link a second time: refused in German, the way to a new one offered.
    await page.goto(link ?? '/');
    await page.getByLabel('Neues Passwort').fill('Noch-einmal-2026!');
    await page.getByLabel('Passwort bestätigen').fill('Noch-einmal-2026!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Der Link ist ungültig, abgelaufen oder wurde schon benutzt.').first()).toBeVisible();
    // No active SMTP configuration left behind for the other specs.
    const { id } = (await configured.json()) as { id: number };
    await adminContext.request.delete(`/api/admin/email-configurations/${id}`, { headers: clientHeader });
    await adminContext.close();
  });
});
