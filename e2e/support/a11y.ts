import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { devices, expect } from '@playwright/test';

const ipad = devices['iPad Mini'];

/**
 * An iPad in portrait as Playwright describes it (touch, mobile viewport), but in Chromium: the
 * descriptor's Safari user agent and WebKit are left out. 768 px is below the md breakpoint, so
 * the signed-in frame shows its drawer instead of the sidebar, the narrowest layout medics use.
 */
export const tabletPortrait: BrowserContextOptions = {
  viewport: ipad.viewport,
  deviceScaleFactor: ipad.deviceScaleFactor,
  isMobile: ipad.isMobile,
  hasTouch: ipad.hasTouch,
  colorScheme: 'light',
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
};

/** The same tablet turned sideways: 1024 px wide, the sidebar is shown. */
export const tabletLandscape: BrowserContextOptions = {
  ...tabletPortrait,
  viewport: { width: ipad.viewport.height, height: ipad.viewport.width },
};

/** WCAG 2.1 A and AA, plus axe's best practices (headings, landmarks, unique ids …). */
const checkedTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const blockingImpacts = new Set(['serious', 'critical']);

// axe-core itself is not a dependency of the e2e folder, only through @axe-core/playwright.
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One violation in a line per element: rule, impact, what is wrong, where. */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' >>> ');
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
    return `    ${target}\n      ${html}\n      ${summary}`;
  });
  return `${violation.id} [${violation.impact ?? 'unbekannt'}] ${violation.help}\n${nodes.join('\n')}`;
}

/**
 * Waits until no finite animation runs any more: Mantine fades dialogs, menus and toasts in, and
 * a half-transparent element would be measured with the wrong contrast. Endless ones (loaders)
 * are left out; the callers wait for the screen's content first.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations ?? 1;
      return animation.playState !== 'running' || iterations === Infinity;
    }),
  );
}

/**
 * Runs axe-core on the whole page and records each serious or critical violation readably, as a
 * soft failure so that one run reports every screen of a test.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await animationsFinished(page);
  const builder = new AxeBuilder({ page }).withTags(checkedTags);
  // A page without frames is checked by axe.run() in the page itself. The default (runPartial in
  // every frame, finishRun in a new blank tab) exists for cross-origin frames, and opening that
  // tab and loading axe into it again made up more than half of every scan: e2e/a11y.spec.ts's
  // portrait tests took 4.0 min with it, 2.2 min without (2026-11-27, same machine). The app has
  // no frames; should one appear, the default takes over again.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''));
  expect.soft(blocking.map(describeViolation), `Barrierefreiheit: ${screen}`).toEqual([]);
}
