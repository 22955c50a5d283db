import type { Page, TestInfo } from '@playwright/test';
import { expect } from './consoleGuard';
import { layoutProblems } from './layoutCheck';

/** The three sizes the guide asks us to look at: tablet landscape, tablet portrait, phone. */
export const tabletSizes = [
  { name: '1024x768', width: 1024, height: 768 },
  { name: '800x1280', width: 800, height: 1280 },
  { name: '390x844', width: 390, height: 844 },
] as const;

/** A full-page screenshot per size into the test's output (to look at), optionally with the layout check. */
export async function screenshotsAtTabletSizes(page: Page, testInfo: TestInfo, label: string, options: { checkLayout?: boolean } = {}): Promise<void> {
  const original = page.viewportSize();
  for (const size of tabletSizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: testInfo.outputPath(`${label}-${size.name}.png`), fullPage: true });
    if (options.checkLayout) expect(await layoutProblems(page), `${label} ${size.name}`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}
