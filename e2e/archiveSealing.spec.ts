import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { createOrganizationWithKeyViaUi, createProtocolViaApi, expectOutboxDrained } from './support/protocolSetup';
import { laneDatabaseFile } from './support/lane';
import { withDatabase } from './support/serverDb';

const hour = 3_600_000;
const screenshotDir = process.env.SCREENSHOT_DIR;

/** The patient's local copy on this tablet (IndexedDB of the signed-in user). */
async function localPatientData(page: Page, userId: number, protocolId: string): Promise<unknown> {
  return page.evaluate(
    async ([name, id]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      try {
        return await new Promise<unknown>((resolve, reject) => {
          const request = db.transaction('patientData', 'readonly').objectStore('patientData').get(id);
          request.onsuccess = () => resolve(request.result ?? null);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        });
      } finally {
        db.close();
      }
    },
    [`sanidok-${userId}`, protocolId] as const,
  );
}

test.describe('Archivieren versiegelt offene Protokolle', () => {
  test('der Dialog nennt das offene Protokoll; nach dem Archivieren liegt der Name weder auf dem Server noch auf dem Tablet', async ({ page }) => {
    test.setTimeout(120_000);
    await registerViaUi(page, uniqueName('inhaber'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `Archivieren ${uniqueName('org')}`);
    const user = (await (await page.request.get('/api/user')).json()) as { id: number };

    const serviceId = randomUUID();
    const serviceName = `Weinfest ${uniqueName('dienst')}`;
    const service = await page.request.post('/api/services', {
      data: { id: serviceId, name: serviceName, location: 'Marktplatz 1', startDate: new Date(Date.now() - 10 * hour).toISOString(), endDate: new Date(Date.now() - hour).toISOString(), organizationId },
    });
    expect(service.status(), await service.text()).toBe(201);
    const protocolId = await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Sturz', patientData: { firstName: 'Ottilie', lastName: 'Brennesselmann' } });

    await page.goto('/services?tab=ended');
    const table = page.getByRole('table', { name: 'Beendete Dienste' });
    const row = table.getByRole('row', { name: new RegExp(serviceName) });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => localPatientData(page, user.id, protocolId), { timeout: 20_000 }).not.toBeNull();

    for (const size of [{ width: 1024, height: 768 }, { width: 800, height: 1280 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      const archive = row.getByRole('button', { name: 'Archivieren' });
      await archive.scrollIntoViewIfNeeded();
      await archive.click();
      const dialog = page.getByRole('dialog', { name: 'Sanitätsdienst archivieren' });
      await expect(dialog.getByText('Auf diesem Gerät ist noch 1 Patientenprotokoll offen:')).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveText(['Protokoll #1 – Ottilie Brennesselmann']);
      await expect(dialog.getByText(/mit dem Schlüssel der Organisation versiegelt/)).toBeVisible();
      for (const name of ['Abbrechen', 'Archivieren']) {
        const box = await dialog.getByRole('button', { name }).boundingBox();
        // Rounded to 1/100 px: a 2.75rem target lays out as 43.99997 px at some widths (float noise, not a smaller button).
        expect(Math.round((box?.height ?? 0) * 100) / 100, `${name} ${size.width}px`).toBeGreaterThanOrEqual(44);
      }
      if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/archive-dialog-${size.width}x${size.height}.png` });
      if (size.width !== 390) {
        await dialog.getByRole('button', { name: 'Abbrechen' }).click();
        await expect(dialog).toHaveCount(0);
      } else {
        await dialog.getByRole('button', { name: 'Archivieren' }).click();
      }
    }

    await expect(row.getByText('Archiviert')).toBeVisible();
    await expectOutboxDrained(page, user.id);
    // The server sealed the patient data and dropped its copy; the tablet dropped its copy on the pull.
    const sealedOnServer = () =>
      withDatabase(laneDatabaseFile(), (db) => ({
        serverKeyCopies: (db.prepare('select count(*) as n from protocol_patient_data where protocol_id = ?').get(protocolId) as { n: number }).n,
        sealed: (db.prepare('select count(*) as n from sealed_patient_data where protocol_id = ?').get(protocolId) as { n: number }).n,
      }));
    await expect.poll(sealedOnServer).toEqual({ serverKeyCopies: 0, sealed: 1 });
    await expect.poll(() => localPatientData(page, user.id, protocolId), { timeout: 30_000 }).toBeNull();
    for (const file of [laneDatabaseFile(), `${laneDatabaseFile()}-wal`].filter((f) => existsSync(f))) {
      expect(readFileSync(file).includes(Buffer.from('Brennesselmann')), file).toBe(false);
    }
  });
});
