import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { expectAccessible } from './support/a11y';
import { clientHeader } from './support/api';
import { expectOutboxDrained, createOrganizationWithKeyViaUi } from './support/protocolSetup';
import { withDatabase } from './support/serverDb';
import { laneDatabaseFile } from './support/lane';
import { storedTreatmentRecords } from './support/serverAtRest';

/** Every tap of the medic goes through here, so the test counts them (docs/benchmarks.md "Taps per minor treatment"). */
class TapCounter {
  count = 0;
  async tap(target: Locator): Promise<void> {
    this.count += 1;
    await target.tap();
  }
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function addTemplateViaUi(page: Page, template: { name: string; description: string; material?: { search: string; name: string; quantity: number } }): Promise<void> {
  await page.getByRole('button', { name: 'Vorlage anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Behandlungsvorlage anlegen' });
  await dialog.getByRole('textbox', { name: 'Name der Schnellauswahl' }).fill(template.name);
  await dialog.getByRole('textbox', { name: 'Beschreibungstext' }).fill(template.description);
  if (template.material) {
    const search = dialog.getByRole('textbox', { name: 'Material hinzufügen' });
    await search.fill(template.material.search);
    await expect(page.getByRole('option', { name: new RegExp(template.material.name) })).toBeVisible({ timeout: 20_000 });
    await search.press('Enter');
    await dialog.getByRole('textbox', { name: `Menge ${template.material.name}` }).fill(String(template.material.quantity));
  }
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('Behandlungsvorlagen', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('Inhaber legt Vorlagen an; offline: Name plus höchstens 3 Tipps, neu laden, online genau einmal auf dem Server', async ({ page, context }) => {
    test.setTimeout(180_000);
    const patient = 'Jürgen Blasenmüller';
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Müllheim ${uniqueName('org')}`);
    const user = (await (await page.request.get('/api/user')).json()) as { id: number };
    for (const [name, unit] of [['Blasenpflaster', 'Stück'], ['Kühlpack', 'Stück']]) {
      expect((await page.request.post('/api/materials', { headers: clientHeader, data: { name, unit, organizationId } })).status()).toBe(201);
    }
    const serviceId = randomUUID();
    const serviceName = `Stadtfest ${uniqueName('e2e')}`;
    const service = await page.request.post('/api/services', {
      headers: clientHeader,
      data: {
        id: serviceId, name: serviceName, description: 'Sanitätswache', location: 'Marktplatz', organizationId,
        startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
      },
    });
    expect(service.status()).toBe(201);

    // The owner maintains the templates on the organisation page ('Behandlungsvorlagen').
    await page.goto('/organizations');
    await controlledByServiceWorker(page);
    const detail = page.getByRole('region', { name: /DRK Müllheim/ });
    await detail.getByRole('tab', { name: 'Behandlungsvorlagen' }).click();
    await addTemplateViaUi(page, { name: 'Blase', description: 'Blase an der Ferse, Blasenpflaster geklebt', material: { search: 'blasen', name: 'Blasenpflaster', quantity: 2 } });
    await addTemplateViaUi(page, { name: 'Kopfschmerz', description: 'Kopfschmerzen, eigene Tablette aus dem Vorrat des Patienten eingenommen' });
    const table = detail.getByRole('table', { name: 'Behandlungsvorlagen' });
    await expect(table).toContainText('2 × Blasenpflaster');
    await expect(table).toContainText('ohne Material');
    // The 'Vorlage gespeichert' toasts go first: their body contrast is not this screen's to check.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page, 'Organisation, Behandlungsvorlagen');
    await expectOutboxDrained(page, user.id);
    expect(withDatabase(laneDatabaseFile(), (db) => (db.prepare('select count(*) as n from treatment_templates where organization_id = ?').get(organizationId) as { n: number }).n)).toBe(2);

    // The medic's tablet: the templates are on the device; the first-aid post has no coverage.
    await page.goto('/minor-treatments');
    await page.getByRole('button', { name: 'Neue Behandlung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await expect(dialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName, { timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: 'Vorlage Blase übernehmen' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'Bagatellbehandlung mit Vorlagen');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await context.setOffline(true);

    const taps = new TapCounter();
    await taps.tap(page.getByRole('button', { name: 'Neue Behandlung' }));
    await expect(dialog.getByRole('textbox', { name: 'Patientenname' })).toBeFocused();
    await page.keyboard.type(patient);
    const afterName = taps.count;
    await taps.tap(dialog.getByRole('button', { name: 'Vorlage Blase übernehmen' }));
    await expect(dialog.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Blase an der Ferse, Blasenpflaster geklebt');
    await expect(dialog.getByRole('textbox', { name: 'Menge Blasenpflaster' })).toHaveValue('2');
    await taps.tap(dialog.getByRole('button', { name: 'Speichern' }));
    await expect(dialog).toHaveCount(0);
    const blisterTaps = taps.count;
    console.log(`Tipps je Bagatellbehandlung mit Vorlage: ${blisterTaps} (davon ${blisterTaps - afterName} nach dem Namen)`);
    expect(blisterTaps).toBeLessThanOrEqual(3);

    // A template without materials needs no 'Fortfahren': the template already says so.
    taps.count = 0;
    await taps.tap(page.getByRole('button', { name: 'Neue Behandlung' }));
    await expect(dialog.getByRole('textbox', { name: 'Patientenname' })).toBeFocused();
    await page.keyboard.type('Erika Kopfweh');
    await taps.tap(dialog.getByRole('button', { name: 'Vorlage Kopfschmerz übernehmen' }));
    await taps.tap(dialog.getByRole('button', { name: 'Speichern' }));
    await expect(dialog).toHaveCount(0);
    expect(taps.count).toBeLessThanOrEqual(3);

    const list = page.getByRole('table', { name: 'Bagatellbehandlungen' });
    await expect(list.getByText('Nicht übertragen')).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Bagatellbehandlungen' }).getByText('Nicht übertragen')).toHaveCount(2);

    // Coverage returns: each arrives exactly once, with the template's text and materials.
    await context.setOffline(false);
    await expectOutboxDrained(page, user.id);
    // Names opened from the server's database: REST answers none.
    const onServer = await storedTreatmentRecords(laneDatabaseFile(), serviceId);
    expect(onServer.map((t) => t.patientName).sort()).toEqual(['Erika Kopfweh', patient]);
    const blister = onServer.find((t) => t.patientName === patient);
    expect(blister?.description).toBe('Blase an der Ferse, Blasenpflaster geklebt');
    expect(blister?.materials).toEqual(['Blasenpflaster 2']);
    const stored = withDatabase(laneDatabaseFile(), (db) => ({
      rows: (db.prepare('select count(*) as n from minor_treatments where service_id = ?').get(serviceId) as { n: number }).n,
      usage: (db.prepare("select count(*) as n from material_usage where service_id = ? and source = 'minor_treatment'").get(serviceId) as { n: number }).n,
      quarantined: (db.prepare('select count(*) as n from sync_quarantine where user_id = ?').get(user.id) as { n: number }).n,
    }));
    expect(stored).toEqual({ rows: 2, usage: 1, quarantined: 0 });
  });
});
