import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { lockScreenHeading, registerViaUi, uniqueName } from './helpers';
import { expectAccessible } from './support/a11y';
import { clientHeader, createMaterialViaApi, createRunningServiceViaApi } from './support/api';
import { layoutProblems, layoutSettled } from './support/layoutCheck';
import { createOrganizationWithKeyViaUi, createProtocolViaApi } from './support/protocolSetup';

/**
 * The main screens at tablet sizes (landscape, portrait) and a phone pass the layout
 * check — no clipped button or badge text, no overlapping controls, no sideways page scroll.
 * Screenshots land in e2e/.screens/ for a look.
 */
const viewports = [
  { name: 'tablet-quer', width: 1024, height: 768 },
  { name: 'tablet-hoch', width: 800, height: 1280 },
  { name: 'telefon', width: 390, height: 844 },
  // The ends of the tablet range (768–1280 px), both orientations.
  { name: 'tablet-768', width: 768, height: 1024 },
  { name: 'tablet-1280', width: 1280, height: 800 },
] as const;

const screensDir = fileURLToPath(new URL('./.screens/', import.meta.url));

async function check(page: Page, viewport: string, screen: string): Promise<string[]> {
  // Fonts and the last re-render after the local read; the pull polls, so the network never idles.
  await layoutSettled(page);
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: `${screensDir}${viewport}-${screen}.png`, fullPage: true });
  return (await layoutProblems(page)).map((p) => `${viewport} ${screen}: ${p.kind} ${p.what}`);
}

test.describe('Layout auf Tablet und Telefon', () => {
  test('Hauptseiten und Sperrbildschirm bei 1024×768, 800×1280, 390×844, 768×1024 und 1280×800: kein abgeschnittener Text, nichts überlappt', async ({ page }) => {
    test.setTimeout(360_000);
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Müllheim ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organizationId, 'Wärmeerhaltung mit Rettungsdecke', 'Stück');
    const serviceId = await createRunningServiceViaApi(page.request, organizationId, `Sanitätsdienst Stadtfest ${uniqueName('e2e')}`);
    const protocolId = await createProtocolViaApi(page.request, serviceId, {
      chiefComplaint: 'Kreislaufschwäche', patientData: { firstName: 'Hiltrud', lastName: 'Zwirnmeier', dateOfBirth: '1958-03-14' },
    });
    const vitals = await page.request.post(`/api/patient-protocols/${protocolId}/vital-signs`, {
      headers: clientHeader, data: { values: [{ parameterType: 'heart_rate', value: '92' }, { parameterType: 'blood_pressure', value: '135/85' }] },
    });
    expect(vitals.ok(), await vitals.text()).toBe(true);

    const screens: [string, string, ((page: Page) => Promise<void>)?][] = [
      ['dashboard', '/dashboard'],
      ['dienste', '/services'],
      ['dienst', `/services/${serviceId}`],
      ['bagatellen', '/minor-treatments'],
      ['protokolle', '/patient-protocols'],
      ['protokoll-patient', `/patient-protocols/${protocolId}`],
      ['protokoll-behandlung', `/patient-protocols/${protocolId}`, async (p) => p.getByRole('tab', { name: 'Behandlung' }).click()],
      ['protokoll-vitalwerte', `/patient-protocols/${protocolId}`, async (p) => p.getByRole('tab', { name: 'Vitalparameter' }).click()],
      ['dienst-material', `/services/${serviceId}?tab=materials`],
      ['protokoll-befund', `/patient-protocols/${protocolId}`, async (p) => p.getByRole('tab', { name: 'Befund' }).click()],
      ['neue-messung', `/patient-protocols/${protocolId}`, async (p) => {
        await p.getByRole('tab', { name: 'Vitalparameter' }).click();
        await p.getByRole('button', { name: 'Neue Messung' }).click();
      }],
      ['organisationen', '/organizations'],
      ['vorlagen', '/organizations', async (p) => {
        await p.getByRole('region', { name: /DRK Müllheim/ }).getByRole('tab', { name: 'Behandlungsvorlagen' }).click();
      }],
      ['bagatelle-erfassen', '/minor-treatments', async (p) => {
        await p.getByRole('button', { name: 'Neue Behandlung' }).click();
        await expect(p.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' })).toBeVisible();
      }],
    ];
    const problems: string[] = [];
    // Above the fold without scrolling (fresh load at the top): the protocol's capture tabs at every
    // size (the action row used to stack above them), and the measurement's 'Speichern' (sticky).
    const foldChecks: Record<string, (p: Page) => Locator> = {
      'protokoll-patient': (p) => p.getByRole('tablist', { name: 'Bereiche des Protokolls' }),
      'neue-messung': (p) => p.getByRole('dialog', { name: 'Neue Vitalparameter-Messung' }).getByRole('button', { name: 'Speichern', exact: true }),
    };
    // Each screen is loaded once and then resized through the sizes (a rotated tablet does the
    // same): one page load per screen instead of one per screen and size.
    for (const [screen, path, open] of screens) {
      await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      if (open) {
        await open(page);
      }
      for (const viewport of viewports) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        // As a fresh load: at the top (the narrow sizes scroll the page, and content scrolled under the sticky header is no overlap).
        await page.evaluate(() => window.scrollTo(0, 0));
        problems.push(...(await check(page, viewport.name, screen)));
        const below = await foldChecks[screen]?.(page).evaluate((el) => el.getBoundingClientRect().bottom - window.innerHeight);
        if (below !== undefined && below > 0) problems.push(`${viewport.name} ${screen}: ${Math.round(below)}px unter dem sichtbaren Bereich`);
      }
    }

    // The lock screen with its own header (sync status, sign-out; app/layout/LockedFrame.tsx).
    await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    await page.removeLocatorHandler(lockScreenHeading(page));
    await page.getByRole('button', { name: 'App sperren' }).click();
    await expect(lockScreenHeading(page)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
    await expectAccessible(page, 'Sperrbildschirm');
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      problems.push(...(await check(page, viewport.name, 'gesperrt')));
    }
    expect(problems).toEqual([]);
  });
});
