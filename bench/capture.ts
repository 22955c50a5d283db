/**
 * bench/capture: how fast the minor-treatment dialog saves. Chromium drives the built app on the
 * built server; for each of 50 saves it takes the time from the click on 'Speichern' (the click
 * event's own timestamp) to the commit of the local write (the User Timing mark the data layer
 * sets once the Dexie transaction with treatment, usage rows and outbox row has completed). The
 * baseline is a raw Dexie put of the same stored row in the same page. Measures; asserts nothing.
 *
 *   pnpm bench capture      (builds the PWA and the server first)
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { Stats } from './lib';
import { chromiumFlags, chromiumPath, freePort, ms, root, startServer, stats } from './lib';
import type { PartReport } from './report';

const saves = Number(process.env.BENCH_SAVES ?? 50);
const warmUp = 5;
const client = { 'x-sanidok-client': 'bench' };
/** Same name as localWriteMark in apps/pwa/src/data/outbox.ts. */
const commitMark = 'sanidok:local-write';
/** How long the button is held down, as a finger does (Playwright's default is 0 ms). */
const tapMs = 80;

/** Registers, creates organisation, catalogue and a running service through the API. */
async function prepare(page: Page): Promise<string> {
  const register = await page.request.post('/api/register', { headers: client, data: { username: `bench-${Date.now()}`, email: `bench-${Date.now()}@example.de`, password: 'Bench-Sani-Passwort-42' } });
  if (!register.ok()) throw new Error(`Registrierung: ${register.status()} ${await register.text()}`);
  const { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } = await import('@sanidok/crypto');
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
  const organization = (await (await page.request.post('/api/organizations', { headers: client, data: { name: 'Bench-Org', ...keys } })).json()) as { id: number };
  for (const [name, unit] of [['Kühlpack', 'Stück'], ['Pflaster', 'Stück'], ['Wundschnellverband groß', 'Packung']]) {
    await page.request.post('/api/materials', { headers: client, data: { name, unit, organizationId: organization.id } });
  }
  const serviceName = 'Schützenfest Bench';
  const service = await page.request.post('/api/services', {
    headers: client,
    data: {
      id: randomUUID(), name: serviceName, description: 'Bench', location: 'Festplatz', organizationId: organization.id,
      startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
    },
  });
  if (!service.ok()) throw new Error(`Dienst: ${service.status()} ${await service.text()}`);
  return serviceName;
}

/** Click timestamps on the dialog's submit button and commit marks, both on the page's clock. */
async function instrument(page: Page): Promise<void> {
  await page.evaluate((mark) => {
    const bench = { clicks: [] as number[], commits: [] as number[] };
    Object.assign(window, { __bench: bench });
    document.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target.closest('button[type="submit"]') : null;
      if (target?.closest('[role="dialog"]')) bench.clicks.push(event.timeStamp);
    }, true);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName(mark)) bench.commits.push(entry.startTime);
    }).observe({ type: 'mark' });
  }, commitMark);
}

const commits = (page: Page) => page.evaluate(() => (window as unknown as { __bench: { commits: number[] } }).__bench.commits.length);

/** One save as a medic does it: open, name, description, one material, 'Speichern'. */
async function saveOnce(page: Page, n: number): Promise<void> {
  await page.getByRole('button', { name: 'Neue Behandlung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
  await dialog.getByRole('textbox', { name: 'Patientenname' }).fill(`Patient ${n} Müller`);
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Schürfwunde Knie, gereinigt und verbunden');
  const search = dialog.getByRole('textbox', { name: 'Material hinzufügen' });
  await search.fill(n % 2 ? 'pfl' : 'kühl');
  await page.getByRole('option').first().waitFor();
  await search.press('Enter');
  const before = await commits(page);
  // A finger's tap: the press lasts ~80 ms before the release fires the click.
  await dialog.getByRole('button', { name: 'Speichern' }).click({ delay: tapMs });
  await page.waitForFunction((count) => (window as unknown as { __bench: { commits: number[] } }).__bench.commits.length > count, before);
  await dialog.waitFor({ state: 'detached' });
}

async function measureSaves(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { clicks: number[]; commits: number[] } }).__bench;
    bench.clicks.length = 0;
    bench.commits.length = 0;
  });
  for (let i = 0; i < count; i += 1) await saveOnce(page, i);
  const { clicks, commits: done } = await page.evaluate(() => (window as unknown as { __bench: { clicks: number[]; commits: number[] } }).__bench);
  if (clicks.length !== count || done.length !== count) throw new Error(`Zählung passt nicht: ${clicks.length} Klicks, ${done.length} Commits`);
  return clicks.map((click, i) => (done[i] ?? Number.NaN) - click);
}

type DexieTable = { put(row: unknown): Promise<unknown> };
type DexieLike = new (name: string) => { version(v: number): { stores(s: Record<string, string>): void }; open(): Promise<unknown>; table(name: string): DexieTable };

/**
 * Loads Dexie into the page and opens 'bench-raw' (same table and indexes as the app's
 * minorTreatments) with a template: one treatment row exactly as the app stored it.
 */
async function prepareRaw(page: Page): Promise<void> {
  await page.addScriptTag({ path: path.join(root, 'apps/pwa/node_modules/dexie/dist/dexie.js') });
  await page.evaluate(async () => {
    const userId = ((await (await fetch('/api/user')).json()) as { id: number }).id;
    const template = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const open = indexedDB.open(`sanidok-${userId}`);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      open.onsuccess = () => {
        const cursor = open.result.transaction('minorTreatments').objectStore('minorTreatments').openCursor();
        cursor.onsuccess = () => resolve(cursor.result?.value as Record<string, unknown>);
        cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB'));
      };
    });
    const DexieClass = (window as unknown as { Dexie: DexieLike }).Dexie;
    const raw = new DexieClass('bench-raw');
    raw.version(1).stores({ minorTreatments: 'id, serviceId, createdAt' });
    await raw.open();
    Object.assign(window, { __raw: { table: raw.table('minorTreatments'), template } });
  });
}

/** The baseline of the brief: `await table.put(row)` timed in the page, nothing else around it. */
async function measureRawPuts(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const { table, template } = (window as unknown as { __raw: { table: DexieTable; template: Record<string, unknown> } }).__raw;
    const times: number[] = [];
    for (let i = 0; i < n + 5; i += 1) {
      const row = { ...template, id: crypto.randomUUID(), createdAt: new Date().toISOString() };
      const started = performance.now();
      await table.put(row);
      if (i >= 5) times.push(performance.now() - started);
    }
    return times;
  }, count);
}

/**
 * The same raw put started by a tap on a plain button: from the click event to the put's
 * completion. Shows what Chromium's input handling and frame scheduling alone cost (IndexedDB
 * replies wait for the frame that follows an input), the floor for any save behind a button.
 */
async function measureTappedRawPuts(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => {
    const { table, template } = (window as unknown as { __raw: { table: DexieTable; template: Record<string, unknown> } }).__raw;
    const times: number[] = [];
    const button = document.createElement('button');
    button.textContent = 'Roh speichern';
    button.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:10000;width:120px;height:44px';
    button.addEventListener('click', (event) => {
      const clicked = event.timeStamp;
      void table.put({ ...template, id: crypto.randomUUID(), createdAt: new Date().toISOString() }).then(() => times.push(performance.now() - clicked));
    });
    document.body.append(button);
    Object.assign(window, { __tapped: times });
  });
  const button = page.getByRole('button', { name: 'Roh speichern' });
  for (let i = 0; i < count + 5; i += 1) {
    await button.click({ delay: tapMs });
    await page.waitForFunction((done) => (window as unknown as { __tapped: number[] }).__tapped.length >= done, i + 1);
  }
  return page.evaluate(() => (window as unknown as { __tapped: number[] }).__tapped.slice(5));
}

export async function benchCapture(staticDir: string | undefined): Promise<PartReport> {
  const server = await startServer(await freePort(3320), staticDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    // bypassCSP only so the baseline can load Dexie from a script tag; the app is unchanged.
    const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE', timezoneId: 'Europe/Berlin', bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const serviceName = await prepare(page);
    await page.goto('/minor-treatments');
    // A page load starts locked; the password unlocks (the saves then encrypt).
    await page.getByLabel('Passwort', { exact: true }).fill('Bench-Sani-Passwort-42');
    await page.getByRole('button', { name: 'Entsperren', exact: true }).click();
    await page.getByRole('heading', { name: 'SaniDok ist gesperrt' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Neue Behandlung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await dialog.getByRole('combobox', { name: 'Sanitätsdienst' }).and(page.locator(`[value="${serviceName}"]`)).waitFor({ timeout: 30_000 });
    await dialog.getByRole('textbox', { name: 'Material hinzufügen' }).fill('kühl');
    await page.getByRole('option', { name: /Kühlpack/ }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await instrument(page);

    // The medic's usual case: no coverage. Then online, where each save also starts a push.
    await context.setOffline(true);
    await measureSaves(page, warmUp);
    const offline = stats(await measureSaves(page, saves));
    await context.setOffline(false);
    await measureSaves(page, warmUp);
    const online = stats(await measureSaves(page, saves));
    await prepareRaw(page);
    const raw = stats(await measureRawPuts(page, saves));
    const tapped = stats(await measureTappedRawPuts(page, saves));
    await context.close();

    const row = (label: string, s: Stats, aimed: boolean) => ({
      label,
      value: `median ${ms(s.median)}, p90 ${ms(s.p90)}, max ${ms(s.max)} (${(s.median / tapped.median).toFixed(2)}× the tapped raw put)`,
      ...(aimed ? { aim: 'median < 30 ms', met: s.median < 30 } : {}),
    });
    return {
      figures: [
        row("click 'Speichern' → committed, offline", offline, true),
        row("click 'Speichern' → committed, online (pushing)", online, true),
        { label: 'raw Dexie put of the same row', value: `median ${ms(raw.median)}, p90 ${ms(raw.p90)}` },
        { label: 'raw Dexie put started by a tap (floor)', value: `median ${ms(tapped.median)}, p90 ${ms(tapped.p90)}` },
      ],
      notes: [
        `${saves} saves each after ${warmUp} warm-up saves, Chromium ${browser.version()} (headless), the built PWA on the built server on 127.0.0.1.`,
        `From the click event's timestamp on 'Speichern' (pressed ${tapMs} ms like a finger) to the User Timing mark \`${commitMark}\` that the data layer sets when the Dexie transaction (treatment, usage rows, outbox row) has committed.`,
        'The tapped raw put is the same IndexedDB write started from a plain button: what Chromium\'s input handling and frame scheduling alone cost.',
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
