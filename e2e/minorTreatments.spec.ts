import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { laneDatabaseFile } from './support/lane';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';
import { storedTreatmentRecords } from './support/serverAtRest';

interface UsedMaterial {
  name: string;
  count: number;
}

const client = { 'x-sanidok-client': 'e2e' };

/** The page is controlled by the service worker, so it reloads without a network. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // registerType 'prompt' does not claim open pages: the first reload after install does.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

interface Treatment {
  patient: string;
  description: string;
  materials: { search: string; name: string; quantity: number }[];
}

async function recordTreatment(page: Page, treatment: Treatment): Promise<void> {
  await page.getByRole('button', { name: 'Neue Behandlung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
  // The only running service is chosen and the cursor waits in the name field.
  await expect(dialog.getByRole('textbox', { name: 'Patientenname' })).toBeFocused();
  await page.keyboard.type(treatment.patient);
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill(treatment.description);
  const search = dialog.getByRole('textbox', { name: 'Material hinzufügen' });
  for (const material of treatment.materials) {
    await search.fill(material.search);
    await expect(page.getByRole('option', { name: new RegExp(material.name) })).toBeVisible();
    await search.press('Enter');
    const quantity = dialog.getByRole('textbox', { name: `Menge ${material.name}` });
    await quantity.fill(String(material.quantity));
    await expect(quantity).toHaveValue(String(material.quantity));
  }
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Behandlung erfasst')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

function usageRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Materialverbrauch' }).getByRole('row').filter({ hasText: name });
}

async function usedOnServer(page: Page, serviceId: string): Promise<UsedMaterial[]> {
  const response = await page.request.get(`/api/materials/used?serviceId=${serviceId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as UsedMaterial[]).map(({ name, count }) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}

const treatments: Treatment[] = [
  { patient: 'Jürgen Müller', description: 'Prellung Unterarm, gekühlt', materials: [{ search: 'kühl', name: 'Kühlpack', quantity: 2 }] },
  {
    patient: 'Ömer Özdemir',
    description: 'Schnittwunde Daumen, verbunden',
    materials: [
      { search: 'wund', name: 'Wundschnellverband groß', quantity: 3 },
      { search: 'kühl', name: 'Kühlpack', quantity: 1 },
    ],
  },
  { patient: 'Anna Schmidt', description: 'Blase an der Ferse', materials: [{ search: 'verband', name: 'Wundschnellverband groß', quantity: 1 }] },
];

test.describe('Bagatellbehandlungen', () => {
  test('Offline drei Behandlungen erfassen, neu laden, PDF offline; online genau einmal auf dem Server; Aufgefüllt und Liste leeren', async ({ page, context }) => {
    test.setTimeout(180_000);
    const serviceName = `Schützenfest Großhöchstädt ${uniqueName('e2e')}`;
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Müllheim ${uniqueName('org')}`);

    // Online, as the owner prepares the service at home: catalogue and a running service.
    for (const [name, unit] of [['Kühlpack', 'Stück'], ['Wundschnellverband groß', 'Packung']]) {
      const created = await page.request.post('/api/materials', { headers: client, data: { name, unit, organizationId } });
      expect(created.status()).toBe(201);
    }
    const serviceId = randomUUID();
    const service = await page.request.post('/api/services', {
      headers: client,
      data: {
        id: serviceId, name: serviceName, description: 'Sanitätswache am Festzelt', location: 'Festplatz Süd', organizationId,
        startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
      },
    });
    expect(service.status()).toBe(201);

    await page.goto('/minor-treatments');
    await controlledByServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Keine Bagatellbehandlungen' })).toBeVisible();
    // The device has pulled the service and the catalogue: the dialog offers both.
    await page.getByRole('button', { name: 'Neue Behandlung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await expect(dialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName, { timeout: 20_000 });
    await dialog.getByRole('textbox', { name: 'Material hinzufügen' }).fill('groß');
    await expect(page.getByRole('option', { name: /Wundschnellverband groß/ })).toBeVisible({ timeout: 20_000 });
    // Escape closes the open match list first (the dialog stays), then Abbrechen closes the dialog.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);

    // No coverage at the first-aid post.
    await context.setOffline(true);
    for (const treatment of treatments) await recordTreatment(page, treatment);
    const table = page.getByRole('table', { name: 'Bagatellbehandlungen' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByText('Nicht übertragen')).toHaveCount(3);
    await expect(table).toContainText('Jü**** Mü****');
    await expect(table).not.toContainText('Jürgen');

    // A reload without network keeps everything (service worker + IndexedDB), still pending.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Bagatellbehandlungen' }).getByText('Nicht übertragen')).toHaveCount(3);
    expect(await storedTreatmentRecords(laneDatabaseFile(), serviceId)).toHaveLength(0);

    // Materialverbrauch and its PDF work offline from the device's data.
    await page.goto(`/services/${serviceId}?tab=materials`);
    // Columns Material, Anzahl, Zuletzt verwendet, Aktionen: the sums of the three treatments.
    await expect(usageRow(page, 'Kühlpack').getByRole('cell').nth(1)).toHaveText('3');
    await expect(usageRow(page, 'Wundschnellverband groß').getByRole('cell').nth(1)).toHaveText('4');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Materialverbrauch-${serviceName.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`);
    await expect(page.getByText('Export erfolgreich')).toBeVisible();
    const pdf = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    expect(pdf).toContain(`Sanitätsdienst: ${serviceName}`);
    expect(pdf).toMatch(/Kühlpack\s+Stück\s+3\s/);
    expect(pdf).toMatch(/Wundschnellverband groß\s+Packung\s+4\s/);
    expect(pdf).toMatch(/Summe\s+7/);

    // Coverage returns: everything arrives exactly once.
    await context.setOffline(false);
    await page.goto('/minor-treatments');
    const synced = page.getByRole('table', { name: 'Bagatellbehandlungen' });
    await expect(synced.getByRole('row')).toHaveCount(4);
    await expect(synced.getByText('Nicht übertragen')).toHaveCount(0, { timeout: 30_000 });
    // Read from the server's database (REST answers no patient names): each row once, its name opened.
    const onServer = await storedTreatmentRecords(laneDatabaseFile(), serviceId);
    expect(onServer).toHaveLength(3);
    expect(new Set(onServer.map((t) => t.id)).size).toBe(3);
    expect(onServer.map((t) => t.patientName).sort()).toEqual(['Anna Schmidt', 'Jürgen Müller', 'Ömer Özdemir']);
    expect(onServer.find((t) => t.patientName === 'Ömer Özdemir')?.materials).toEqual(['Kühlpack 1', 'Wundschnellverband groß 3']);
    expect(await usedOnServer(page, serviceId)).toEqual([{ name: 'Kühlpack', count: 3 }, { name: 'Wundschnellverband groß', count: 4 }]);

    // 'Aufgefüllt' and 'Liste leeren' online, and they reach the server.
    await page.goto(`/services/${serviceId}?tab=materials`);
    // Now built from the server's rows, pulled back: the same sums.
    await expect(usageRow(page, 'Kühlpack').getByRole('cell').nth(1)).toHaveText('3');
    await expect(usageRow(page, 'Wundschnellverband groß').getByRole('cell').nth(1)).toHaveText('4');
    await usageRow(page, 'Kühlpack').getByRole('button', { name: 'Aufgefüllt' }).click();
    await expect(page.getByText('Material entfernt')).toBeVisible();
    await expect(usageRow(page, 'Kühlpack')).toHaveCount(0);
    await expect.poll(() => usedOnServer(page, serviceId), { timeout: 20_000 }).toEqual([{ name: 'Wundschnellverband groß', count: 4 }]);

    await page.getByRole('button', { name: 'Liste leeren' }).click();
    await page.getByRole('dialog', { name: 'Liste leeren' }).getByRole('button', { name: 'Liste leeren' }).click();
    await expect(page.getByText('Materialien geleert')).toBeVisible();
    await expect(page.getByText('Keine verbrauchten Materialien')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Material erfassen' })).toBeVisible();
    await expect.poll(() => usedOnServer(page, serviceId), { timeout: 20_000 }).toEqual([]);
  });
});
