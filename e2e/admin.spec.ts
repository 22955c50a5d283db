import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { uniqueName, unlockWhenLocked } from './helpers';
import { loginAdminViaUi } from './support/adminTotp';
import { laneDatabaseFile } from './support/lane';
import { storedTreatmentRecords } from './support/serverAtRest';

const hour = 3_600_000;

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  return context.newPage();
}

async function openAdminArea(page: Page): Promise<void> {
  await loginAdminViaUi(page);
  await page.getByRole('link', { name: 'Admin-Bereich' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeVisible();
}

/** Registration through the API, for set-up steps that are not under test. */
async function registerViaApi(page: Page, username: string): Promise<void> {
  // The app never saw the password typed: each fresh load starts locked.
  await unlockWhenLocked(page);
  const response = await page.request.post('/api/register', { data: { username, email: `${username}@example.de`, password: 'Geheim-Sani-42' } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('Admin-Bereich', () => {
  test('Ein Admin sperrt einen Benutzer, der sich danach nicht mehr anmelden kann', async ({ browser, baseURL }) => {
    const user = await newPage(browser, baseURL);
    const admin = await newPage(browser, baseURL);
    const username = uniqueName('gesperrt');
    await registerViaApi(user, username);
    await user.goto('/dashboard');
    await expect(user.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await openAdminArea(admin);
    await expect(admin.getByRole('group', { name: 'Benutzer' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Benutzer suchen' }).fill(username);
    const table = admin.getByRole('table', { name: 'Benutzer der Plattform' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(username) });
    await row.getByRole('button', { name: `${username} sperren` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Benutzer sperren' });
    await dialog.getByLabel('Grund (optional)').fill('Ende-zu-Ende-Test');
    await dialog.getByRole('button', { name: 'Sperren', exact: true }).click();
    await expect(admin.getByText('Erfolgreich gespeichert')).toBeVisible();
    await expect(row).toContainText('Gesperrt');
    await expect(row.getByRole('button', { name: `${username} entsperren` })).toBeVisible();

    // The open session ended at once; signing in again is refused.
    await user.reload();
    await expect(user).toHaveURL(/\/auth$/);
    await user.getByLabel('Benutzername').fill(username);
    await user.getByLabel('Passwort', { exact: true }).fill('Geheim-Sani-42');
    await user.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(user.getByText('Anmeldung fehlgeschlagen')).toBeVisible();
    await expect(user.getByText('Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Administrator.')).toBeVisible();
    await expect(user).toHaveURL(/\/auth$/);
  });

  test('Beta-Code generieren, Beta-Modus einschalten, mit dem Code registrieren, Verwendung sehen', async ({ browser, baseURL }) => {
    const admin = await newPage(browser, baseURL);
    const newcomer = await newPage(browser, baseURL);
    const description = uniqueName('beta');
    const username = uniqueName('neu');
    await openAdminArea(admin);
    try {
      await admin.getByRole('tab', { name: 'Beta-Codes' }).click();
      await admin.getByRole('button', { name: 'Beta-Code generieren' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Beta-Code generieren' });
      await dialog.getByLabel('Beschreibung').fill(description);
      await expect(dialog.getByLabel('Maximale Verwendungen')).toHaveValue('1');
      await dialog.getByRole('button', { name: 'Generieren' }).click();
      await expect(admin.getByText('Beta-Code generiert')).toBeVisible();
      const codeRow = admin.getByRole('table', { name: 'Beta-Codes', exact: true }).getByRole('row', { name: new RegExp(description) });
      const code = ((await codeRow.getByTestId('beta-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^BETA-[A-Z0-9]{6}-[A-Z0-9]{6}$/);
      await expect(codeRow).toContainText('0 / 1');

      const betaSwitch = admin.getByRole('switch', { name: 'Registrierung nur mit Beta-Code' });
      await expect(betaSwitch).not.toBeChecked();
      await betaSwitch.check();
      await expect(admin.getByText('Der Beta-Modus ist eingeschaltet.')).toBeVisible();
      await expect(betaSwitch).toBeChecked();

      // A newcomer needs the code now.
      await newcomer.goto('/auth');
      await newcomer.getByRole('tab', { name: 'Registrieren' }).click();
      await newcomer.getByLabel('Benutzername').fill(username);
      await newcomer.getByLabel('E-Mail-Adresse').fill(`${username}@example.de`);
      await newcomer.getByLabel('Passwort', { exact: true }).fill('Geheim-Sani-42');
      await newcomer.getByLabel('Passwort bestätigen').fill('Geheim-Sani-42');
      await newcomer.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
      await newcomer.getByLabel('Beta-Code').fill(code.toLowerCase());
      await newcomer.getByRole('button', { name: 'Registrieren', exact: true }).click();
      await expect(newcomer).toHaveURL(/\/dashboard$/);

      // The admin screen shows the use (reloaded instead of waiting for the 30-s poll).
      await admin.reload();
      await admin.getByRole('tab', { name: 'Beta-Codes' }).click();
      const usageRow = admin.getByRole('table', { name: 'Verwendung der Beta-Codes' }).getByRole('row', { name: new RegExp(username) });
      await expect(usageRow).toContainText(code);
      await expect(usageRow).toContainText(description);
      await expect(usageRow).toContainText(`${username}@example.de`);
      await expect(admin.getByRole('table', { name: 'Beta-Codes', exact: true }).getByRole('row', { name: new RegExp(description) })).toContainText('Aufgebraucht');
    } finally {
      // Other specs register without a code.
      const off = await admin.request.post('/api/admin/beta-mode', { data: { enabled: false } });
      expect(off.status()).toBe(200);
    }
  });

  test('Ein Plattform-Admin kann über keinen Endpunkt Patientendaten lesen', async ({ browser, baseURL }) => {
    const owner = await newPage(browser, baseURL);
    const ownerName = uniqueName('inhaberin');
    await registerViaApi(owner, ownerName);
    const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    const organizationName = `DRK ${uniqueName('geheim')}`;
    const organization = await owner.request.post('/api/organizations', { data: { name: organizationName, description: null, ...keys } });
    expect(organization.status(), await organization.text()).toBe(201);
    const organizationId = ((await organization.json()) as { id: number }).id;
    const serviceId = randomUUID();
    const serviceName = `Weinfest ${uniqueName('Geheimhausen')}`;
    const service = await owner.request.post('/api/services', {
      data: {
        id: serviceId, name: serviceName, location: 'Marktplatz', organizationId,
        startDate: new Date(Date.now() - hour).toISOString(), endDate: new Date(Date.now() + 6 * hour).toISOString(),
      },
    });
    expect(service.status(), await service.text()).toBe(201);
    const treatment = await owner.request.post('/api/minor-treatments', { data: { serviceId, patientName: 'Wilhelmine Zaunkönig', description: 'Bienenstich Wange' } });
    expect(treatment.status(), await treatment.text()).toBe(201);
    const protocol = await owner.request.post('/api/patient-protocols', {
      data: { id: randomUUID(), serviceId, patientData: { firstName: 'Bartholomäus', lastName: 'Quellenberg', dateOfBirth: '1961-02-03' }, chiefComplaint: 'Synkope am Weinstand' },
    });
    expect(protocol.status(), await protocol.text()).toBe(201);
    const protocolId = ((await protocol.json()) as { protocol: { id: string } }).protocol.id;
    const secrets = ['Wilhelmine', 'Zaunkönig', 'Bienenstich', 'Bartholomäus', 'Quellenberg', '1961-02-03', 'Synkope am Weinstand'];
    // The data is there: the server holds the name (opened with its data key; REST answers no names to anyone).
    expect((await storedTreatmentRecords(laneDatabaseFile(), serviceId)).map((t) => t.patientName)).toEqual(['Wilhelmine Zaunkönig']);

    const admin = await newPage(browser, baseURL);
    await openAdminArea(admin);
    const urls = [
      '/api/minor-treatments',
      '/api/patient-protocols',
      '/api/sync/pull',
      '/api/services',
      `/api/services/${serviceId}`,
      `/api/services/${serviceId}/minor-treatments`,
      `/api/services/${serviceId}/patient-protocols`,
      `/api/patient-protocols/${protocolId}`,
      `/api/patient-protocols/${protocolId}/vital-signs`,
      `/api/organizations/${organizationId}/access-logs`,
      '/api/admin/users',
      '/api/admin/organizations',
      '/api/admin/services',
      '/api/admin/audit-log',
      '/api/admin/email-logs',
    ];
    for (const url of urls) {
      const response = await admin.request.get(url);
      const body = await response.text();
      for (const secret of secrets) expect(body, `${url} enthält ${secret}`).not.toContain(secret);
    }
    expect(await (await admin.request.get('/api/minor-treatments')).json()).toEqual([]);
    expect(await (await admin.request.get('/api/patient-protocols')).json()).toEqual([]);
    const pull = (await (await admin.request.get('/api/sync/pull')).json()) as { organizations: { id: number }[]; changes: unknown[] };
    expect(pull.organizations.some((o) => o.id === organizationId)).toBe(false);
    expect(pull.changes).toEqual([]);
    expect((await admin.request.get(`/api/patient-protocols/${protocolId}`)).status()).toBe(404);

    // The admin screen lists the service with counts only.
    await admin.getByRole('tab', { name: 'Sanitätsdienste' }).click();
    await admin.getByRole('searchbox', { name: 'Sanitätsdienste suchen' }).fill(organizationName);
    const row = admin.getByRole('table', { name: 'Sanitätsdienste der Plattform' }).getByRole('row', { name: new RegExp(serviceName) });
    await expect(row).toContainText('Aktiv');
    await expect(row).toContainText(organizationName);
    for (const secret of secrets) await expect(admin.locator('main')).not.toContainText(secret);
  });
});
