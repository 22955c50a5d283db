import { expect, test } from '@playwright/test';
import { createOrganizationViaApi, createRunningServiceViaApi, registerViaApi } from './support/api';
import { createProtocolViaApi } from './support/protocolSetup';
import { uniqueName } from './helpers';

// Temporary: screenshots of the new fields at the three required sizes (not committed).
test('screens', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin', hasTouch: true });
  const page = await context.newPage();
  await registerViaApi(page.request, uniqueName('s'));
  const org = await createOrganizationViaApi(page.request, uniqueName('org'));
  const service = await createRunningServiceViaApi(page.request, org, 'Seefest');
  const id = await createProtocolViaApi(page.request, service, { chiefComplaint: 'Sturz', patientData: { firstName: 'Eva', lastName: 'Muster' } });
  for (const [w, h] of [[1024, 768], [800, 1280], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`/patient-protocols/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const contact = page.getByRole('textbox', { name: 'Notfallkontakt', exact: true });
    await contact.fill('Paul Muster');
    await page.getByRole('textbox', { name: 'Telefon Notfallkontakt', exact: true }).fill('bei Paul');
    await contact.scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Befund', exact: true }).click();
    await page.getByLabel('Zeitpunkt des Ereignisses').fill('2099-01-01T10:00');
    await page.getByRole('button', { name: 'Speichern', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Patient', exact: true }).click();
    await page.getByRole('textbox', { name: 'Telefon Notfallkontakt', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/d-shots/patient-${w}.png` });
    await page.getByRole('tab', { name: 'Befund', exact: true }).click();
    await page.getByLabel('Zeitpunkt des Ereignisses').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/d-shots/befund-${w}.png` });
    const box = await page.getByLabel('Zeitpunkt des Ereignisses').boundingBox();
    const phone = await page.getByRole('textbox', { name: 'Symptome' }).boundingBox();
    console.log(w, 'incident input height', box?.height, 'symptoms', phone?.height);
  }
  await context.close();
});
