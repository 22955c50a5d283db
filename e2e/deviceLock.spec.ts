import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { lockScreenHeading, registerViaUi, uniqueName, unlockViaUi } from './helpers';
import { controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, setOffline } from './support/api';
import { createProtocolViaDialog, waitUntilProtocolCaptureReady } from './support/protocolScreens';
import { createOrganizationWithKeyViaUi, tabletContextOptions } from './support/protocolSetup';

/**
 * A lost tablet reveals nothing. A protocol captured offline, the app
 * locked and the browser closed: no file of the Chromium profile (IndexedDB's LevelDB, caches,
 * service-worker storage) holds the patient's name, in UTF-8 or UTF-16. Reopened, the data comes
 * back with the PIN online and the password offline; the outbox went out while locked, exactly once.
 */
const password = 'Tablet-Passwort-2026';
const pin = '246810';
const patient = { firstName: 'Wendelgard', lastName: 'Quastenflosser' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return [];
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** Every profile file holding `text` in UTF-8 or UTF-16LE (how LevelDB and SQLite store strings). */
function filesContaining(dir: string, text: string): string[] {
  const needles = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];
  return filesUnder(dir).filter((file) => {
    const bytes = readFileSync(file);
    return needles.some((needle) => bytes.includes(needle));
  });
}

async function launch(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...tabletContextOptions,
    baseURL,
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

async function serverProtocols(page: Page, serviceId: string): Promise<{ id: string }[]> {
  const response = await page.request.get(`/api/services/${serviceId}/patient-protocols`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string }[];
}

test.describe('Gerätesperre und Verschlüsselung', () => {
  test('Ein verlorenes Tablet verrät nichts: offline erfasst, gesperrt, geschlossen – kein Patientenname in den Profildateien; mit PIN online und Passwort offline ist alles da', async ({ baseURL }) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error('baseURL fehlt');
    const profile = mkdtempSync(join(tmpdir(), 'sanidok-tablet-'));
    try {
      let { context, page } = await launch(profile, baseURL);
      const username = uniqueName('tablet');
      await registerViaUi(page, username, password);
      // Quick unlock for the shift: a PIN, set up online in the settings.
      await page.getByRole('link', { name: 'Einstellungen' }).first().click();
      await page.getByLabel('Neue PIN (6 Ziffern)').fill(pin);
      await page.getByLabel('PIN wiederholen').fill(pin);
      await page.getByRole('button', { name: 'PIN einrichten' }).click();
      await expect(page.getByText('PIN eingerichtet', { exact: true })).toBeVisible();
      const organization = await createOrganizationWithKeyViaUi(page, `DRK Sperre ${uniqueName('org')}`);
      await createMaterialViaApi(page.request, organization.id, 'Rettungsdecke', 'Stück');
      const serviceName = `Bergfest ${uniqueName('dienst')}`;
      const serviceId = await createRunningServiceViaApi(page.request, organization.id, serviceName);
      await page.goto('/patient-protocols');
      await controlledByServiceWorker(page);
      await waitUntilProtocolCaptureReady(page, serviceName, 'Rettungsdecke');

      // Offline in the tent: the protocol is captured on the device only.
      await setOffline(context, page, true);
      await createProtocolViaDialog(page, {
        ...patient, dateOfBirth: '1961-09-02', insurerSearch: 'AOK Bay', insurer: 'AOK Bayern', chiefComplaint: 'Sturz vom Podest',
        material: { search: 'decke', name: 'Rettungsdecke', quantity: 1 },
      });
      const protocolId = new URL(page.url()).searchParams.get('id') ?? '';
      expect(protocolId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await serverProtocols(page, serviceId).catch(() => [])).toHaveLength(0);

      // The lock button: the lock screen replaces the app, nothing of the patient stays on screen.
      await page.removeLocatorHandler(lockScreenHeading(page));
      await page.getByRole('button', { name: 'App sperren' }).click();
      await expect(lockScreenHeading(page)).toBeVisible();
      await expect(page.locator('body')).not.toContainText(patient.lastName);
      await expect(page).toHaveURL(new RegExp(`id=${protocolId}`));

      // Coverage returns while the tablet lies locked: the sealed outbox goes out, nothing is decrypted.
      await setOffline(context, page, false);
      await expect.poll(async () => (await serverProtocols(page, serviceId)).map((p) => p.id), { timeout: 30_000 }).toEqual([protocolId]);
      await expect(lockScreenHeading(page)).toBeVisible();

      // Closed and lost: every file of the profile is searched.
      await context.close();
      expect(filesUnder(profile).length).toBeGreaterThan(10);
      for (const secret of [patient.lastName, patient.firstName, 'Sturz vom Podest']) expect(filesContaining(profile, secret), secret).toEqual([]);
      // The search does see what IndexedDB holds in clear (the service's name): the zero above counts.
      expect(filesContaining(profile, serviceName).length).toBeGreaterThan(0);

      // Found again, online: the session ended with the browser; signing in unlocks the device data.
      ({ context, page } = await launch(profile, baseURL));
      await page.goto('/auth');
      await page.getByLabel('Benutzername').fill(username);
      await page.getByLabel('Passwort', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(lockScreenHeading(page)).toBeHidden();
      // Every full page load starts locked (the key lives in memory only); online, the PIN opens it.
      await page.goto(`/patient-protocols?id=${protocolId}`);
      await expect(lockScreenHeading(page)).toBeVisible();
      await page.getByLabel('PIN', { exact: true }).fill('135790');
      await page.getByRole('button', { name: 'Mit PIN entsperren' }).click();
      await expect(page.getByText('Falsche PIN. Noch 4 Versuche, danach ist das Passwort nötig.')).toBeVisible();
      await page.getByLabel('PIN', { exact: true }).fill(pin);
      await page.getByRole('button', { name: 'Mit PIN entsperren' }).click();
      await expect(lockScreenHeading(page)).toBeHidden();
      const detail = page.getByRole('region', { name: 'Protokolldetails' });
      await expect(detail.getByRole('heading', { name: `Patient: ${patient.firstName} ${patient.lastName}` })).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(new RegExp(`id=${protocolId}`));

      // Offline, a fresh start is locked; a wrong password is refused, the right one returns to the same place.
      await setOffline(context, page, true);
      await page.reload();
      await expect(lockScreenHeading(page)).toBeVisible();
      await expect(page.getByText('Offline: Entsperren mit dem Passwort.')).toBeVisible();
      await page.getByLabel('Passwort', { exact: true }).fill('falsches-Passwort-1');
      await page.getByRole('button', { name: 'Entsperren', exact: true }).click();
      await expect(page.getByText('Falsches Passwort. Die Daten dieses Geräts bleiben gesperrt.')).toBeVisible();
      await unlockViaUi(page, password);
      await expect(page).toHaveURL(new RegExp(`id=${protocolId}`));
      await expect(detail.getByRole('heading', { name: `Patient: ${patient.firstName} ${patient.lastName}` })).toBeVisible({ timeout: 20_000 });

      // The server holds the protocol exactly once.
      await setOffline(context, page, false);
      expect((await serverProtocols(page, serviceId)).map((p) => p.id)).toEqual([protocolId]);
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
