import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import {
  controlledByServiceWorker, createMaterialViaApi, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi, setOffline,
} from './support/api';
import { recordTreatmentViaDialog, waitUntilCaptureReady } from './support/capture';
import { buildMarkerName, deployNewVersion, pngSize } from './support/deployment';
import { outboxSummary } from './support/device';
import { copyOfBuiltPwa, OwnServer } from './support/ownServer';
import { storedTreatmentRecords } from './support/serverAtRest';
import { uniqueName } from './helpers';

/**
 * Installability without Lighthouse (13 has no PWA category): the manifest as Chromium parses it,
 * Chromium's own installability verdict, real icon pixels, the service worker in control, every
 * capture route opening offline, and the update prompt waiting for the outbox (docs/spec/design.md §4.8).
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const contextOptions = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };

/** The app shell is there: navigation and the page's own level-1 heading, not a browser error page. */
async function expectAppShell(page: Page, heading: RegExp | string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();
}

test.describe('Installierbare PWA', () => {
  test('Manifest, Icons in echter Größe und Chromiums Installierbarkeitsprüfung', async ({ page, context }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');

    const response = await page.request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'SaniDok – Sanitätsdienst-Dokumentation',
      short_name: 'SaniDok',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'de',
      theme_color: '#008542',
      background_color: '#ffffff',
    });
    // The theme colour of the page matches the manifest's (the title bar of the installed app).
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

    // Every declared icon exists, is a PNG and has exactly the pixels its `sizes` claims.
    const declared: string[] = [];
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
      expect(icon.type).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      declared.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    // After a reload our service worker controls the page (registerType 'prompt' never claims
    // the first page): what makes the app start without a network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? '').pathname)).toBe('/sw.js');

    // Chromium's own verdict: the manifest parses without errors and nothing blocks installing.
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium never installs; that is the
    // test browser, not the app. Any other reason (manifest, icons, service worker) fails.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();
  });

  test('Nach einem Online-Besuch öffnet jede Erfassungsseite offline', async ({ page, context }) => {
    test.setTimeout(120_000);
    await registerViaApi(page, uniqueName('offline'));
    const organizationId = await createOrganizationViaApi(page.request, `DRK Offline ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organizationId, 'Kühlpack', 'Stück');
    const serviceName = `Weinfest ${uniqueName('dienst')}`;
    const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);

    // The one online visit: the app installs its service worker and pulls the service.
    await page.goto('/dashboard');
    await controlledByServiceWorker(page);
    await expect(page.getByText(serviceName).first()).toBeVisible({ timeout: 20_000 });

    await setOffline(context, page, true);
    const routes: [string, RegExp | string][] = [
      ['/dashboard', 'Dashboard'],
      ['/services', 'Sanitätsdienste'],
      [`/services/${serviceId}`, serviceName],
      ['/minor-treatments', 'Bagatellbehandlungen'],
      ['/minor-treatments/new', 'Bagatellbehandlungen'],
      [`/materials/used?serviceId=${serviceId}`, 'Material erfassen'],
      // Built right now by another helper; whatever the screen, its shell must open offline.
      ['/patient-protocols', /Patientenprotokoll/],
      ['/patient-protocols/new', /Patientenprotokoll/],
    ];
    for (const [route, heading] of routes) {
      // A fresh navigation each time, as after a cold start of the tablet without coverage.
      const response = await page.goto(route);
      expect(response?.fromServiceWorker(), `${route} kommt vom Service Worker`).toBe(true);
      expect(response?.status(), route).toBe(200);
      await expectAppShell(page, heading);
      await expect(page).toHaveURL(new RegExp(`${route.replace(/[?]/g, '\\?')}$`));
    }
    // The capture dialog of /minor-treatments/new opens offline with the pulled service.
    const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await page.goto('/minor-treatments/new');
    await expect(dialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(serviceName);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test('Update-Hinweis erscheint bei neuer Version erst, wenn keine Änderungen mehr ausstehen', async ({ browser }) => {
    test.setTimeout(120_000);
    const pwaCopy = copyOfBuiltPwa();
    const server = await OwnServer.start({ staticDir: pwaCopy });
    const context = await browser.newContext({ ...contextOptions, baseURL: server.url });
    try {
      const page = await context.newPage();
      const userId = await registerViaApi(page, uniqueName('update'));
      const organizationId = await createOrganizationViaApi(page.request, `DRK Update ${uniqueName('org')}`);
      const serviceName = `Kirmes ${uniqueName('dienst')}`;
      const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);
      await createMaterialViaApi(page.request, organizationId, 'Kühlpack', 'Stück');
      const prompt = page.getByRole('alertdialog', { name: 'Neue Version verfügbar' });

      await page.goto('/minor-treatments');
      await controlledByServiceWorker(page);
      expect(await page.locator(`meta[name="${buildMarkerName}"]`).count()).toBe(0);
      await waitUntilCaptureReady(page, serviceName, 'Kühlpack');

      // Offline at the first-aid post: one treatment waits in the outbox.
      await setOffline(context, page, true);
      await recordTreatmentViaDialog(page, { patient: 'Greta Weiß', description: 'Insektenstich, gekühlt', material: { search: 'kühl', name: 'Kühlpack', quantity: 1 } });
      await expect(page.getByTestId('sync-pending')).toHaveText('1 Änderung ausstehend');

      // Meanwhile a new version is deployed. Coverage returns, but the sync API stays out of
      // reach (a flaky uplink), so the change stays pending while the browser finds the update.
      deployNewVersion(pwaCopy, 'zwei');
      await context.route('**/api/sync/**', (route) => route.abort('internetdisconnected'));
      await setOffline(context, page, false);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const waitingWorker = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
      await expect.poll(waitingWorker, { timeout: 20_000 }).toBe('installed');
      // The new version waits; the prompt does not offer to reload while a change is pending,
      // not even after a reload of the old version. The app marks its decision on <html>
      // (app/UpdatePrompt.tsx): "held" once it knows of the waiting version.
      const updateDecision = page.locator('html');
      await expect(updateDecision).toHaveAttribute('data-update', 'held');
      // The outbox first: a failure then says whether the change left (pushed, rejected) or the prompt misjudged.
      expect(await outboxSummary(page, userId)).toEqual({ pending: 1, rejected: 0, messages: [] });
      await expect(prompt).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('sync-pending')).toHaveText('1 Änderung ausstehend');
      await expect(updateDecision).toHaveAttribute('data-update', 'held');
      await expect(prompt).toHaveCount(0);
      expect(await outboxSummary(page, userId)).toEqual({ pending: 1, rejected: 0, messages: [] });

      // The uplink recovers: the change reaches the server, then the prompt offers the update.
      await context.unroute('**/api/sync/**');
      await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 45_000 });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByRole('button', { name: 'Aktualisieren' })).toBeEnabled();
      // REST answers no name (a session cookie alone reads no patient data): read what the server holds.
      expect((await storedTreatmentRecords(server.databasePath, serviceId)).map((t) => t.patientName)).toEqual(['Greta Weiß']);

      // Accepting reloads into the new version: its app shell carries the deployment's marker.
      await prompt.getByRole('button', { name: 'Aktualisieren' }).click();
      await expect(page.locator(`meta[name="${buildMarkerName}"]`)).toHaveAttribute('content', 'zwei', { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Bagatellbehandlungen' })).toBeVisible();
      expect(await waitingWorker()).toBeNull();
      await expect(prompt).toHaveCount(0);
    } finally {
      await context.close();
      await server.dispose();
      rmSync(pwaCopy, { recursive: true, force: true });
    }
  });
});
