import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { createOrganizationViaApi, createRunningServiceViaApi } from './support/api';

/**
 * docs/decisions.md "The wall display does not lock; leaving it does" and the board's MANV slot: while
 * an incident runs, its counts come first on the board and show every column without scrolling,
 * at 1440×900 and on the wall display, in the wall display's type.
 */
async function countsFitAndLead(page: Page): Promise<void> {
  const running = page.locator('[data-testid="board-manv"][data-running="true"]');
  await expect(running.getByTestId('manv-counts')).toBeVisible();
  const manvTop = (await running.boundingBox())?.y ?? Infinity;
  const firstPanelTop = (await page.getByTestId('board-open-protocols').boundingBox())?.y ?? -Infinity;
  expect(manvTop).toBeLessThan(firstPanelTop);
  const sideways = await running.locator('.mantine-Table-scrollContainer, .mantine-ScrollArea-viewport').evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
  expect(sideways.length).toBeGreaterThan(0);
  for (const overflow of sideways) expect(overflow).toBeLessThanOrEqual(1);
  await expect(running.getByRole('table', { name: 'Anzahl je Sichtungskategorie und Phase' }).getByRole('columnheader')).toHaveCount(6);
}

test('ein laufender MANV steht zuerst auf dem Lagebild, alle Zählspalten ohne Scrollen, auf der Wandanzeige groß', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaUi(page, uniqueName('leitung'));
  const organizationId = await createOrganizationViaApi(page.request, `DRK Lagebild ${uniqueName('org')}`);
  const serviceName = `Festival ${uniqueName('dienst')}`;
  const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);

  await page.goto(`/services/${serviceId}/manv`);
  await page.getByRole('textbox', { name: 'Bezeichnung' }).fill('Bühneneinsturz Hauptbühne');
  await page.getByRole('button', { name: 'MANV eröffnen' }).click();
  await expect(page.getByText('Bühneneinsturz Hauptbühne').first()).toBeVisible();

  await page.goto(`/services/${serviceId}/board`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(serviceName) })).toBeVisible({ timeout: 45_000 });
  await countsFitAndLead(page);
  await page.screenshot({ path: testInfo.outputPath('board-1440x900.png') });

  await page.goto(`/services/${serviceId}/board?wall=1`);
  await expect(page.getByTestId('board')).toHaveAttribute('data-wall', 'true', { timeout: 45_000 });
  await countsFitAndLead(page);
  const tableFontSize = await page.getByRole('table', { name: 'Anzahl je Sichtungskategorie und Phase' }).evaluate((table) => Number.parseFloat(getComputedStyle(table).fontSize));
  expect(tableFontSize).toBeGreaterThanOrEqual(20);
  await page.screenshot({ path: testInfo.outputPath('board-wall-1440x900.png') });
});
