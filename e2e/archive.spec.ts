import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { encodeOrganizationSecret, generateOrganizationSecret } from '@sanidok/crypto';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { registerViaUi, uniqueName } from './helpers';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';
import { laneDatabaseFile } from './support/lane';

const hour = 3_600_000;

test.describe('Patientenarchiv', () => {
  test('Inhaber öffnet nach der Entlassung das Archiv mit dem Schlüssel; ein falscher Schlüssel zählt als Fehlversuch', async ({ page }) => {
    test.setTimeout(120_000);
    const ownerName = uniqueName('inhaber');
    const organizationName = `Archiv ${uniqueName('org')}`;
    const serviceName = `Stadtfest ${uniqueName('dienst')}`;
    // Every request body the browser sends: the key must be in none of them.
    const sentBodies: string[] = [];
    page.on('request', (request) => sentBodies.push(request.postData() ?? ''));

    await registerViaUi(page, ownerName);
    const { id: organizationId, keyText } = await createOrganizationWithKeyViaUi(page, organizationName);
    expect(organizationId).toBeDefined();

    // Set-up through the REST API (the protocol screens are not under test here).
    const serviceId = randomUUID();
    const service = await page.request.post('/api/services', {
      data: { id: serviceId, name: serviceName, location: 'Marktplatz 1', startDate: new Date(Date.now() - hour).toISOString(), endDate: new Date(Date.now() + 4 * hour).toISOString(), organizationId },
    });
    expect(service.status(), await service.text()).toBe(201);
    const protocolId = randomUUID();
    const created = await page.request.post('/api/patient-protocols', {
      data: {
        id: protocolId, serviceId, chiefComplaint: 'Kreislaufschwäche', allergies: 'Penicillin',
        patientData: { firstName: 'Erika', lastName: 'Sonnenschein', dateOfBirth: '1962-07-14', gender: 'weiblich', phone: '0171 2223334' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const discharged = await page.request.patch(`/api/patient-protocols/${protocolId}/discharge`, {
      data: { dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Tochter', dischargeComment: 'Beschwerdefrei entlassen' },
    });
    expect(discharged.status(), await discharged.text()).toBe(200);
    expect(((await discharged.json()) as { patientData: unknown }).patientData).toBeNull();

    // The server now holds the patient data only sealed: no name in the database or its WAL.
    for (const file of [laneDatabaseFile(), `${laneDatabaseFile()}-wal`].filter((f) => existsSync(f))) {
      expect(readFileSync(file).includes(Buffer.from('Sonnenschein')), file).toBe(false);
    }

    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patientenarchiv' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue(organizationName);
    const services = page.getByRole('table', { name: 'Archivierte Sanitätsdienste' });
    const row = services.getByRole('row', { name: new RegExp(serviceName) });
    await expect(row).toContainText('Marktplatz 1');
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    // Without a key: 'Fehlende Daten'.
    await row.getByRole('radio').check();
    await page.getByRole('button', { name: 'Archiv öffnen' }).click();
    await expect(page.getByText('Fehlende Daten')).toBeVisible();

    // A well-formed key of another organisation: the failed-key dialog, attempt 1 of 5.
    const keyInput = page.getByRole('textbox', { name: 'Verschlüsselungsschlüssel' });
    await keyInput.fill(encodeOrganizationSecret(generateOrganizationSecret()));
    await page.getByRole('button', { name: 'Archiv öffnen' }).click();
    const failed = page.getByRole('dialog', { name: 'Schlüssel falsch' });
    await expect(failed).toBeVisible({ timeout: 25_000 });
    await expect(failed.getByText('Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.')).toBeVisible();
    await expect(failed.getByText('Versuch 1 von 5')).toBeVisible();
    await expect(failed.getByText('Noch 4 Versuche, bevor der Administrator informiert wird.')).toBeVisible();
    await failed.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(failed).toBeHidden();

    // The right key: the protocol is decrypted in the browser.
    await keyInput.fill(keyText);
    await page.getByRole('button', { name: 'Archiv öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: `Archivierte Protokolle – ${serviceName}` });
    await expect(dialog).toBeVisible({ timeout: 25_000 });
    const protocol = dialog.getByRole('article', { name: 'Protokoll #1: Erika Sonnenschein' });
    await expect(protocol).toBeVisible();
    for (const text of ['14.07.1962', 'weiblich', '0171 2223334', 'Penicillin', 'Kreislaufschwäche', 'Nach Hause', 'Beschwerdefrei entlassen']) {
      await expect(protocol).toContainText(text);
    }
    await expect(keyInput).toHaveValue('');

    // The full print view opens in a new window and is logged.
    const [printView] = await Promise.all([
      page.context().waitForEvent('page'),
      protocol.getByRole('button', { name: 'Protokoll #1: Vollständiges Protokoll drucken' }).click(),
    ]);
    await expect(printView.locator('body')).toContainText('Erika Sonnenschein');
    await expect(printView.locator('body')).toContainText('Vollständiges Patientenprotokoll (Patientenarchiv)');
    await expect(printView.getByRole('button', { name: 'Drucken' })).toBeVisible();
    await printView.close();

    const logs = (await (await page.request.get(`/api/organizations/${organizationId}/access-logs`)).json()) as { actionType: string; patientProtocolId: string | null; details: string }[];
    expect(logs).toEqual(expect.arrayContaining([
      expect.objectContaining({ actionType: 'protocol_opened', patientProtocolId: protocolId, details: 'Patientenarchiv: Protokoll #1 abgerufen' }),
      expect.objectContaining({ actionType: 'print_complete_protocol', patientProtocolId: protocolId }),
      expect.objectContaining({ actionType: 'other', details: expect.stringContaining('falscher Schlüssel (Fehlversuch 1)') }),
    ]));

    // The key never travelled.
    const compact = keyText.replace(/-/g, '');
    for (const body of sentBodies) {
      expect(body).not.toContain(keyText);
      expect(body).not.toContain(compact);
    }
  });

  test('Inhaber öffnet einen Dienst mit 70 Protokollen: alle entschlüsselt, seitenweise angezeigt, alle im Druck', async ({ page }) => {
    test.setTimeout(120_000);
    const ownerName = uniqueName('inhaber');
    const organizationName = `Archiv ${uniqueName('org')}`;
    const serviceName = `Großeinsatz ${uniqueName('dienst')}`;
    await registerViaUi(page, ownerName);
    const { id: organizationId, keyText } = await createOrganizationWithKeyViaUi(page, organizationName);
    const serviceId = randomUUID();
    const service = await page.request.post('/api/services', {
      data: { id: serviceId, name: serviceName, location: 'Festwiese', startDate: new Date(Date.now() - 4 * hour).toISOString(), endDate: new Date(Date.now() + hour).toISOString(), organizationId },
    });
    expect(service.status(), await service.text()).toBe(201);
    // 70 protocols created and discharged through the sync push, as a tablet would; the server seals each.
    const count = 70;
    const mutations = Array.from({ length: count }, (_, i) => {
      const id = randomUUID();
      return [
        { name: 'protocol.create', args: { id, serviceId, createdAt: new Date(Date.now() - 3 * hour + i * 60_000).toISOString(), patientData: { firstName: `Person${i + 1}`, lastName: 'Archivtest' }, chiefComplaint: 'Schnittwunde' } },
        { name: 'protocol.discharge', args: { id, dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Angehörige', dischargedAt: new Date(Date.now() - 2 * hour + i * 60_000).toISOString() } },
      ];
    }).flat();
    const push = await page.request.post('/api/sync/push', {
      data: { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: mutations.map((m, i) => ({ mutationId: randomUUID(), seq: i + 1, name: m.name, args: m.args, createdAt: new Date().toISOString() })) },
      headers: { 'x-sanidok-client': 'e2e' },
    });
    expect(push.status(), await push.text()).toBe(200);
    expect(((await push.json()) as { results: { status: string }[] }).results.filter((r) => r.status !== 'applied')).toEqual([]);

    await page.goto('/patient-archive');
    const row = page.getByRole('table', { name: 'Archivierte Sanitätsdienste' }).getByRole('row', { name: new RegExp(serviceName) });
    await expect(row.getByRole('cell', { name: String(count), exact: true })).toBeVisible({ timeout: 25_000 });
    await row.getByRole('radio').check();
    await page.getByRole('textbox', { name: 'Verschlüsselungsschlüssel' }).fill(keyText);
    // Focusing the key field started the decryption worker; it loads under the app's CSP.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('sanidok:archive-worker-ready').length), { timeout: 25_000 }).toBe(1);
    await page.getByRole('button', { name: 'Archiv öffnen' }).click();

    const dialog = page.getByRole('dialog', { name: `Archivierte Protokolle – ${serviceName}` });
    await expect(dialog.getByText(`${count} Protokolle entschlüsselt`)).toBeVisible({ timeout: 25_000 });
    const list = dialog.getByRole('list', { name: 'Entschlüsselte Protokolle' });
    await expect(list.getByRole('article')).toHaveCount(25);
    await expect(dialog.getByText(`Protokolle 1–25 von ${count}`)).toBeVisible();
    await expect(list.getByRole('article', { name: 'Protokoll #1: Person1 Archivtest' })).toBeVisible();
    // The last pages hold the second half, which the worker opened.
    await dialog.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(dialog.getByText(`Protokolle 26–50 von ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(dialog.getByText(`Protokolle 51–${count} von ${count}`)).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(count - 50);
    const names = await list.getByRole('article').evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));
    expect(names).toEqual(Array.from({ length: count - 50 }, (_, i) => `Protokoll #${i + 51}: Person${i + 51} Archivtest`));

    // 'Alle drucken' prints every protocol, not only the page shown.
    const [printView] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Alle drucken' }).click()]);
    await expect(printView.locator('section.protocol')).toHaveCount(count, { timeout: 25_000 });
    await expect(printView.locator('body')).toContainText('Person37 Archivtest');
    await printView.close();

    const logs = (await (await page.request.get(`/api/organizations/${organizationId}/access-logs`)).json()) as { actionType: string }[];
    expect(logs.filter((l) => l.actionType === 'protocol_opened')).toHaveLength(count);
  });
});
