import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName, unlockWhenLocked } from './helpers';
import { clientHeader, controlledByServiceWorker, setOffline } from './support/api';
import { layoutProblems } from './support/layoutCheck';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/** What a download holds, as text (PDF: poppler's pdftotext, as a reader sees it). */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const name = download.suggestedFilename();
  const text = name.endsWith('.pdf') ? execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) : readFileSync(file, 'utf8');
  return { name, text };
}

test.describe('Berichte', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('Einsatzbericht offline auf dem Tablet (PDF und CSV stimmen überein, keine Patientennamen); Statistik zeigt die Zahlen', async ({ page, context }) => {
    test.setTimeout(180_000);
    await registerViaUi(page, uniqueName('leitung'));
    const orgName = `DRK Bericht ${uniqueName('org')}`;
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, orgName);
    const material = (await (await page.request.post('/api/materials', { headers: clientHeader, data: { name: 'Kühlpack', unit: 'Stück', organizationId, unitPriceCents: 150 } })).json()) as { id: number };
    const serviceId = randomUUID();
    const serviceName = `Weinfest ${uniqueName('e2e')}`;
    expect((await page.request.post('/api/services', {
      headers: clientHeader,
      data: { id: serviceId, name: serviceName, location: 'Marktplatz', organizationId, startDate: new Date(Date.now() - 2 * 3_600_000).toISOString(), endDate: new Date(Date.now() + 6 * 3_600_000).toISOString() },
    })).status()).toBe(201);
    for (const [patientName, description, materials] of [['Jürgen Zufallsname', 'Kühlpack aufgelegt', [{ id: material.id, quantity: 2 }]], ['Erika Geheimname', 'Zecke entfernt', []]] as const) {
      expect((await page.request.post('/api/minor-treatments', { headers: clientHeader, data: { serviceId, patientName, description, materials } })).status()).toBe(201);
    }
    for (const [lastName, outcome, destination] of [['Klinikpatient', 'ambulance', 'Klinikum Nord'], ['Heimpatientin', 'released', 'Nach Hause']] as const) {
      const created = (await (await page.request.post('/api/patient-protocols', {
        headers: clientHeader, data: { serviceId, patientData: { firstName: 'Anna', lastName }, chiefComplaint: 'Kreislauf' },
      })).json()) as { protocol: { id: string } };
      await page.request.post(`/api/patient-protocols/${created.protocol.id}/treatment-entries`, { headers: clientHeader, data: { id: randomUUID(), time: '10:00', text: 'Blutdruck gemessen', performer: 'helfer1' } });
      const discharged = await page.request.patch(`/api/patient-protocols/${created.protocol.id}/discharge`, {
        headers: clientHeader, data: { dischargeStatus: 'stabil', dischargeOutcome: outcome, dischargeDestination: destination, handoverTo: 'RTW 1' },
      });
      expect(discharged.status()).toBe(200);
    }

    // The tablet holds the service (synced), then loses coverage: the report is built on the device.
    await page.goto(`/services/${serviceId}`);
    await controlledByServiceWorker(page);
    await unlockWhenLocked(page);
    await page.goto(`/services/${serviceId}?tab=patient-protocols`);
    await unlockWhenLocked(page);
    await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Protokoll #2')).toBeVisible({ timeout: 30_000 });
    await setOffline(context, page, true);
    await page.getByRole('button', { name: 'Einsatzbericht' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einsatzbericht erstellen' });
    await dialog.getByRole('textbox', { name: 'Bemerkungen' }).fill('Ruhiger Abend');
    expect(await layoutProblems(page)).toEqual([]);
    const csv = await downloaded(page, () => dialog.getByRole('button', { name: 'CSV herunterladen' }).click());
    const pdf = await downloaded(page, () => dialog.getByRole('button', { name: 'PDF herunterladen' }).click());
    expect(csv.name).toMatch(/^Einsatzbericht-Weinfest-.*\.csv$/);
    expect(pdf.name).toMatch(/^Einsatzbericht-Weinfest-.*\.pdf$/);
    const figures: [string, string, RegExp][] = [
      ['Patienten;Bagatellbehandlungen;2', 'Bagatellbehandlungen', /Bagatellbehandlungen\s+2/],
      ['Patienten;Patientenprotokolle;2', 'Patientenprotokolle', /Patientenprotokolle\s+2/],
      ['Ausgang der Versorgung (Patientenprotokolle);An den Rettungsdienst übergeben;1', 'An den Rettungsdienst', /An den Rettungsdienst übergeben\s+1/],
      ['Ausgang der Versorgung (Patientenprotokolle);Vor Ort entlassen;1', 'Vor Ort entlassen', /Vor Ort entlassen\s+1/],
      ['An den Rettungsdienst übergeben – Ziel;Klinikum Nord;1', 'Klinikum Nord', /Klinikum Nord\s+1/],
      ['Häufigste Maßnahmen;Blutdruck gemessen;2', 'Blutdruck gemessen', /Blutdruck gemessen\s+2/],
      ['Verbrauchtes Material;Kühlpack;2;Stück', 'Kühlpack', /Kühlpack\s+2\s+Stück/],
    ];
    for (const [csvLine, label, pdfLine] of figures) {
      expect(csv.text, label).toContain(csvLine);
      expect(pdf.text, label).toMatch(pdfLine);
    }
    expect(pdf.text).toContain('Ruhiger Abend');
    for (const name of ['Zufallsname', 'Geheimname', 'Klinikpatient', 'Heimpatientin', 'Nach Hause']) {
      expect(csv.text).not.toContain(name);
      expect(pdf.text).not.toContain(name);
    }
    await dialog.getByRole('button', { name: 'Einsatzbericht schließen' }).click();

    // Back online: the owner's statistics show the seeded service.
    await setOffline(context, page, false);
    await page.goto('/organizations');
    await unlockWhenLocked(page);
    await page.getByRole('region', { name: orgName }).getByRole('link', { name: 'Statistik' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Statistik – ${orgName}` })).toBeVisible();
    const cards = (label: string) => page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');
    await expect(cards('Sanitätsdienste')).toHaveText('1');
    await expect(cards('Patienten')).toHaveText('4');
    await expect(cards('Transportquote')).toHaveText('50 %');
    await expect(cards('Materialkosten')).toHaveText('3,00 €');
    await expect(page.getByRole('table', { name: 'Patienten je Sanitätsdienst' }).getByRole('row', { name: new RegExp(serviceName) })).toContainText('4');
    expect(await layoutProblems(page)).toEqual([]);
  });
});
