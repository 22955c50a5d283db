import { expect, test } from './support/consoleGuard';
import { uniqueName } from './helpers';
import { loginAdminViaUi } from './support/adminTotp';
import { clientHeader, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi } from './support/api';
import { createProtocolViaApi } from './support/protocolSetup';

/**
 * A refusal the device can know comes at once, in German, and nothing looks done; the legal pages
 * name the operator the admin entered and exactly the cookies the server sets.
 */

test('Löschen eines Dienstes mit Protokollen: das Gerät lehnt sofort ab, der Dienst bleibt', async ({ page }) => {
  await page.goto('/');
  await registerViaApi(page, uniqueName('inhaber'));
  const organizationId = await createOrganizationViaApi(page.request, uniqueName('DRK'));
  const serviceName = uniqueName('Stadtfest');
  const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);
  await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Kreislauf', patientData: { firstName: 'Erika', lastName: 'Mustermann' } });

  await page.goto(`/services/${serviceId}`);
  // The first pull brings the service to the device.
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible({ timeout: 30_000 });
  // The protocol has reached the device (the table the rule reads).
  await page.getByRole('tab', { name: /Patientenprotokolle/ }).click();
  await expect(page.getByRole('listitem', { name: 'Protokoll #1' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sanitätsdienst löschen' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(dialog.getByRole('alert')).toContainText('enthält Patientenprotokolle und kann nicht gelöscht werden');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible({ timeout: 30_000 });
  const onServer = await page.request.get(`/api/services/${serviceId}`);
  expect(onServer.status()).toBe(200);
});

test('Datenschutz nennt genau die Cookies, die der Server nach der Anmeldung setzt', async ({ page, context }) => {
  await page.goto('/');
  const username = uniqueName('cookies');
  await registerViaApi(page, username);
  // A sign-in (not only the registration) also remembers the account in this browser.
  expect((await page.request.post('/api/login', { headers: clientHeader, data: { username, password: 'Geheim-Sani-42' } })).status()).toBe(200);
  const origin = new URL(page.url()).hostname;
  const names = (await context.cookies()).filter((cookie) => cookie.domain.replace(/^\./, '') === origin).map((cookie) => cookie.name).sort();
  expect(names.length).toBeGreaterThan(0);

  await page.goto('/datenschutz');
  const text = (await page.getByRole('main').textContent()) ?? '';
  const named = [...text.matchAll(/„(sanidok_[a-z_]+)“/g)].map((match) => match[1]).sort();
  expect(named).toEqual(names);
  const inWords = ['null', 'ein', 'zwei', 'drei', 'vier', 'fünf'];
  expect(text).toContain(`genau ${inWords[names.length] ?? names.length} Cookies`);
});

test('Der Plattform-Admin trägt den Betreiber ein; Impressum und Datenschutz zeigen ihn, auch ohne Anmeldung', async ({ page, browser, baseURL }) => {
  await loginAdminViaUi(page);
  await page.getByRole('link', { name: 'Admin-Bereich' }).first().click();
  await page.getByRole('tab', { name: 'Betreiber' }).click();
  const form = page.getByRole('form', { name: 'Betreiber' });
  const name = uniqueName('Sanitätsdienst Musterstadt e. V.');
  await form.getByRole('textbox', { name: /Name des Betreibers/ }).fill(name);
  await form.getByRole('textbox', { name: /^Anschrift/ }).fill('Hauptstraße 1\n79379 Müllheim\nDeutschland');
  await form.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('kontakt@example.org');
  await form.getByRole('textbox', { name: /Telefonnummer/ }).fill('07631 123456');
  await form.getByRole('textbox', { name: /Vertretungsberechtigt/ }).fill('Max Muster (Vorstand)');
  await form.getByRole('textbox', { name: /Datenschutzbeauftragte/ }).fill('Erika Muster, datenschutz@example.org');
  await form.getByRole('textbox', { name: /Aufsichtsbehörde/ }).fill('Landesbeauftragte für Datenschutz Baden-Württemberg');
  await form.getByRole('textbox', { name: /Auftragsverarbeiter/ }).fill('Hosting: Beispiel GmbH, Frankfurt am Main');
  await form.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(form.getByRole('status')).toHaveText('Die Betreiberangaben sind gespeichert.');
  await page.getByRole('tab', { name: 'Benutzer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeVisible();
  await expect(page.getByTestId('operator-missing')).toBeHidden();

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/impressum');
  const imprint = visitor.getByRole('main');
  await expect(imprint).toContainText(name);
  await expect(imprint).toContainText('79379 Müllheim');
  await expect(imprint.getByRole('link', { name: 'kontakt@example.org' })).toHaveAttribute('href', 'mailto:kontakt@example.org');
  await expect(imprint.locator('mark[data-placeholder="true"]')).toHaveCount(0);
  await visitor.goto('/datenschutz');
  await expect(visitor.getByRole('main')).toContainText('Landesbeauftragte für Datenschutz Baden-Württemberg');
  await expect(visitor.getByRole('main').locator('mark[data-placeholder="true"]')).toHaveCount(0);
});

test('Die Links im Fuß der Startseite öffnen die Rechtstexte oben', async ({ page }) => {
  for (const name of ['Impressum', 'Datenschutz', 'Nutzungsbedingungen']) {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});
