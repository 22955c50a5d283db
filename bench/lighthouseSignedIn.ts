/**
 * bench/lighthouseSignedIn: the signed-in pages as a medic meets them. Every full
 * page load starts locked (docs/security.md, device encryption), so a signed-in page is two steps
 * of one Lighthouse user flow on a device that holds the user's encrypted database:
 * - navigation: the cold load of the page's address up to the lock screen (the score every
 *   Lighthouse run reports: FCP, LCP, TBT, CLS, speed index);
 * - timespan: typing the password and unlocking, up to the page's content (TBT and CLS of what
 *   the unlock renders; Lighthouse scores a timespan on those).
 * Service workers and caches are cleared before each navigation (nothing from the last run), the
 * device's IndexedDB, localStorage and session cookie stay: the device is signed in.
 */
import { chromium } from '@playwright/test';
import type { Config, FlowResult, Result } from 'lighthouse';
import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface SignedInPage {
  /** Address as the medic opens it. */
  path: string;
  /** CSS selector of an element only the unlocked page shows. */
  content: string;
}

export interface SignedInRun {
  navigation: Result;
  unlock: Result;
  /** Wall time from the unlock click to the page's content (this machine, no throttling). */
  unlockToContentMs: number;
}

const kept = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] as const;

/** Signs the user in once through the sign-in form, as on a tablet: this creates the device's keyring and first sync. */
export async function signInDevice(port: number, baseUrl: string, username: string, password: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The first full cycle (push, pull, applied) leaves the engine's mark (syncedMark, sync/syncEngine.ts).
    await page.waitForFunction(() => performance.getEntriesByName('sanidok:synced').length > 0, undefined, { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One flow: cold load to the lock screen, then the unlock up to the page's content. */
export async function auditSignedIn(port: number, url: string, target: SignedInPage, password: string, config: Config | undefined): Promise<SignedInRun> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, { config, flags: { logLevel: 'error' } });
    await flow.navigate(url, { disableStorageReset: false, clearStorageTypes: [...kept], onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    await page.waitForSelector('#lock-title');
    // A timespan has no accessibility category (it needs a snapshot of one state).
    await flow.startTimespan({ onlyCategories: ['performance'] });
    await page.type('input[type="password"]', password);
    const started = Date.now();
    await page.click('form button[type="submit"]');
    await page.waitForFunction((selector) => !document.getElementById('lock-title') && document.querySelector(selector) !== null, { timeout: 30_000 }, target.content);
    const unlockToContentMs = Date.now() - started;
    await flow.endTimespan();
    const result: FlowResult = await flow.createFlowResult();
    await page.close();
    const [navigation, unlock] = result.steps.map((step) => step.lhr);
    if (!navigation || !unlock) throw new Error(`${target.path}: the flow has ${result.steps.length} steps`);
    if (navigation.runtimeError) throw new Error(`${target.path}: ${navigation.runtimeError.code} ${navigation.runtimeError.message}`);
    return { navigation, unlock, unlockToContentMs };
  } finally {
    await browser.disconnect();
  }
}
