import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { adminApiLogin } from './support/adminTotp';
import { clientHeader, controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { layoutProblems, layoutSettled } from './support/layoutCheck';
import { createOrganizationWithKeyViaUi, createProtocolViaApi } from './support/protocolSetup';

/**
 * Owner, member and admin across screens, with the console guard watching: the navigation reaches the global
 * lists, an invitation shows in the navigation and on the dashboard, a plain member is offered no service
 * creation, the protocol page has one save and the insurer list, an owner offline keeps the archive entry, and
 * a blocked organisation lies under the lock overlay. These screens pass the layout check at the three
 * tablet and phone sizes.
 */
const viewports = [
  { name: 'tablet-quer', width: 1024, height: 768 },
  { name: 'tablet-hoch', width: 800, height: 1280 },
  { name: 'telefon', width: 390, height: 844 },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function layoutAt(page: Page, screens: [string, () => Promise<void>][]): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [name, open] of screens) {
      await open();
      // Back at the top: a click may have scrolled the page (the protocol's tabs lie below the fold
      // at 1024×768), and content scrolled under the fixed app header is scrolling, not overlap.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Fonts and the last re-render after the local read.
      await layoutSettled(page);
      problems.push(...(await layoutProblems(page)).map((p) => `${viewport.name} ${name}: ${p.kind} ${p.what}`));
    }
  }
  return problems;
}

test('Inhaber, Mitglied, Admin: Navigation, Einladung, eine Speicherung, Sperre — ohne Konsolenfehler, in drei Größen', async ({ page, browser, context }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = uniqueName('inhaber');
  await registerViaUi(page, owner);
  const organizationName = `DRK ${uniqueName('org')}`;
  const { id: organizationId } = await createOrganizationWithKeyViaUi(page, organizationName);
  await createMaterialViaApi(page.request, organizationId, 'Kühlpack', 'Stück');
  const serviceName = `Stadtfest ${uniqueName('dienst')}`;
  const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);
  const protocolId = await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Kreislauf', patientData: { firstName: 'Hiltrud', lastName: 'Zwirnmeier' } });

  // The global lists from the navigation; a minor treatment on the way.
  await page.goto('/dashboard');
  await nav(page).getByRole('link', { name: 'Bagatellbehandlungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bagatellbehandlungen' })).toBeVisible();
  await page.getByRole('button', { name: 'Neue Behandlung' }).click();
  const capture = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
  await expect(capture.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName, { timeout: 30_000 });
  await capture.getByRole('textbox', { name: 'Patientenname' }).fill('Max Mustermann');
  await capture.getByRole('textbox', { name: 'Beschreibung' }).fill('Blase an der Ferse');
  await capture.getByRole('textbox', { name: 'Material hinzufügen' }).fill('Kühl');
  await expect(page.getByRole('option', { name: /Kühlpack/ })).toBeVisible({ timeout: 20_000 });
  await capture.getByRole('textbox', { name: 'Material hinzufügen' }).press('Enter');
  await capture.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Behandlung erfasst')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Patientenprotokolle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeVisible();

  // The protocol page: the insurer list, and one 'Speichern' for every tab, picked materials included.
  await page.goto(`/patient-protocols/${protocolId}`);
  const insurance = page.getByRole('combobox', { name: 'Versicherungsinformationen' });
  await insurance.fill('Techn');
  await page.getByRole('option', { name: 'Techniker Krankenkasse (TK)' }).click();
  await page.getByRole('tab', { name: 'Material' }).click();
  await page.getByRole('textbox', { name: 'Material hinzufügen' }).fill('Kühl');
  await expect(page.getByRole('option', { name: /Kühlpack/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Material hinzufügen' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Verwendete Materialien dieses Protokolls' }).getByText('Kühlpack')).toBeVisible();

  // A member: the invitation in the navigation and on the dashboard; after joining, no service creation.
  const memberContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const member = await memberContext.newPage();
  const memberName = uniqueName('mitglied');
  await member.goto('/');
  await registerViaApi(member, memberName);
  const invite = await page.request.post(`/api/organizations/${organizationId}/invite`, { headers: clientHeader, data: { username: memberName, role: 'member' } });
  expect(invite.ok(), await invite.text()).toBe(true);
  await member.goto('/dashboard');
  const notice = member.getByRole('region', { name: 'Offene Einladungen' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(nav(member).getByLabel('1 offene Einladung')).toBeVisible();
  const memberScreens: [string, () => Promise<void>][] = [
    ['mitglied-dashboard-einladung', async () => {
      await member.goto('/dashboard');
      await expect(member.getByRole('region', { name: 'Offene Einladungen' })).toBeVisible({ timeout: 20_000 });
    }],
  ];
  const memberProblems = await layoutAt(member, memberScreens);
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto('/dashboard');
  await member.getByRole('link', { name: 'Einladungen ansehen' }).click();
  await expect(member.getByRole('tab', { name: /Einladungen/, selected: true })).toBeVisible();
  await member.getByRole('listitem', { name: organizationName }).getByRole('button', { name: 'Annehmen' }).click();
  await expect(member.getByText('Einladung bearbeitet')).toBeVisible();
  await member.goto('/dashboard');
  // The first pull after joining brings the organisation and its service.
  await expect(member.getByRole('list', { name: 'Laufende Dienste' }).getByRole('listitem', { name: serviceName })).toBeVisible({ timeout: 30_000 });
  await expect(member.getByRole('region', { name: 'Schnellzugriff' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Sanitätsdienst erstellen' })).toHaveCount(0);
  await expect(nav(member).getByRole('link', { name: 'Patientenarchiv' })).toHaveCount(0);
  await memberContext.close();

  // The owner starts offline: the archive entry comes from the organisations of the last pull.
  await page.goto('/dashboard');
  await expect(nav(page).getByRole('link', { name: 'Patientenarchiv' })).toBeVisible();
  await controlledByServiceWorker(page);
  await setOffline(context, page, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect(nav(page).getByRole('link', { name: 'Patientenarchiv' })).toBeVisible();
  await setOffline(context, page, false);

  // The platform admin blocks the organisation: the owner meets the lock overlay.
  const adminContext = await browser.newContext();
  await adminApiLogin(browser, adminContext.request);
  const block = await adminContext.request.patch(`/api/admin/organizations/${organizationId}/block`, { headers: clientHeader, data: { isBlocked: true } });
  expect(block.ok(), await block.text()).toBe(true);
  await adminContext.close();
  await page.goto('/organizations');
  const detail = page.getByRole('region', { name: organizationName });
  const overlay = detail.getByRole('region', { name: 'Organisation gesperrt' });
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  await overlay.getByRole('button', { name: 'Inhalte ansehen' }).click();
  await expect(detail.getByRole('button', { name: 'Mitglied hinzufügen' })).toBeDisabled();
  // Its service shows the same overlay (spec: a blocked service or organisation), actions disabled.
  await page.goto(`/services/${serviceId}`);
  const serviceOverlay = page.getByRole('region', { name: 'Sanitätsdienst gesperrt' });
  // Blocking the organisation blocks its services too (the admin's block), so the service's own text shows.
  await expect(serviceOverlay).toContainText('Er kann angesehen, aber nicht geändert werden.', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeDisabled();
  await serviceOverlay.getByRole('button', { name: 'Inhalte ansehen' }).click();
  await expect(page.getByRole('tab', { name: 'Übersicht' })).toBeVisible();

  const ownerProblems = await layoutAt(page, [
    ['dashboard', async () => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }],
    ['navigation', async () => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // Below md the drawer navigates (the sidebar is hidden there).
      const burger = page.getByRole('button', { name: 'Menü öffnen' });
      if (await burger.isVisible()) {
        await burger.click();
        await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Patientenprotokolle' }).last()).toBeVisible();
    }],
    ['organisation-gesperrt', async () => {
      await page.goto('/organizations');
      await expect(page.getByRole('region', { name: 'Organisation gesperrt' })).toBeVisible({ timeout: 20_000 });
    }],
    ['protokoll-material', async () => {
      await page.goto(`/patient-protocols/${protocolId}`);
      await page.getByRole('tab', { name: 'Material' }).click();
      await expect(page.getByRole('table', { name: 'Verwendete Materialien dieses Protokolls' })).toBeVisible();
    }],
  ]);
  expect([...memberProblems, ...ownerProblems]).toEqual([]);
});
