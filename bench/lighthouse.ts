/**
 * bench/lighthouse: performance, accessibility and best practices of the landing page (/) and of
 * three signed-in pages (/dashboard, a service, a protocol; ./lighthouseSignedIn.ts), Lighthouse's
 * programmatic API on Debian's Chromium, mobile (Lighthouse's default: simulated slow 4G and a 4×
 * slower CPU) and desktop preset.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumFlags, chromiumPath, createOwner, freePort, pushAll, startServer } from './lib';
import type { SignedInPage } from './lighthouseSignedIn';
import { auditSignedIn, signInDevice } from './lighthouseSignedIn';
import type { Figure, PartReport } from './report';

const categories = ['performance', 'accessibility', 'best-practices'] as const;
const aimScore = 0.95;
const presets = { mobile: undefined, desktop: desktopConfig } as const;
type Preset = keyof typeof presets;
/**
 * The landing page's first visit starts empty: Lighthouse's default keeps IndexedDB and
 * localStorage between runs (it clears only service workers, caches and file systems), which would
 * let the landing run see a remembered user.
 */
const clearStorageTypes = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage', 'websql'] as const;

/** No cookies for the landing page (a first-time visitor). Over a short CDP connection, closed before Lighthouse runs. */
async function clearCookies(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    await context.clearCookies();
  } finally {
    await browser.close();
  }
}

/** Audits that cost points in a category: weighted, scored, below 1 (with their displayed value). */
function losses(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id} ${audit?.score?.toFixed(2)}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, "please run again") is retried twice. */
async function audit(url: string, port: number, preset: Preset): Promise<Result> {
  let reason = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await lighthouse(url, {
      port, output: 'json', logLevel: 'error', onlyCategories: [...categories], clearStorageTypes: [...clearStorageTypes],
    }, presets[preset]);
    if (result && !result.lhr.runtimeError) return result.lhr;
    reason = result?.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : 'no result';
    console.log(`  Lighthouse ${preset} ${url}: attempt ${attempt} failed (${reason})`);
  }
  throw new Error(`Lighthouse ${preset} ${url}: ${reason}`);
}

export async function benchLighthouse(staticDir: string | undefined): Promise<PartReport> {
  const server = await startServer(await freePort(3340), staticDir);
  const reportDir = mkdtempSync(path.join(tmpdir(), 'sanidok-bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
  try {
    // Pages with something on them: an organisation with a running service and a patient protocol.
    const owner = await createOwner(server.url, 'bench-lighthouse');
    const start = Date.now() - 3_600_000;
    const serviceId = randomUUID();
    await owner.client.call('POST', '/api/services', {
      id: serviceId, name: 'Stadtfest Bench', description: 'Bench', location: 'Marktplatz', organizationId: owner.organizationId,
      startDate: new Date(start).toISOString(), endDate: new Date(start + 9 * 3_600_000).toISOString(),
    });
    const protocolId = randomUUID();
    await pushAll(owner.client, [{
      name: 'protocol.create',
      args: {
        id: protocolId, serviceId, createdAt: new Date().toISOString(), chiefComplaint: 'Insektenstich mit lokaler Schwellung', initialAssessment: 'wach, orientiert',
        helper1: 'Bench', patientData: { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1962-07-14', address: 'Hauptstraße 1, 12345 Musterstadt' },
      },
    }]);
    const signedInPages: SignedInPage[] = [
      { path: '/dashboard', content: 'main h1' },
      { path: `/services/${serviceId}`, content: 'main h1' },
      { path: `/patient-protocols/${protocolId}`, content: 'main h1' },
    ];
    const label = (pagePath: string) => pagePath.replace(serviceId, '{id}').replace(protocolId, '{id}');
    const figures: Figure[] = [];
    const notes: string[] = [];
    let version = '';
    const record = (name: string, lhr: Result, scored: readonly string[]) => {
      version = lhr.lighthouseVersion;
      writeFileSync(path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(lhr));
      for (const category of scored) {
        const score = lhr.categories[category]?.score;
        if (score === undefined || score === null) continue;
        figures.push({ label: `${name}: ${category}`, value: score.toFixed(2), aim: `≥ ${aimScore}`, met: score >= aimScore });
        const lost = losses(lhr, category);
        if (score < 1 && lost.length > 0) notes.push(`${name}, ${category}: ${lost.join('; ')}.`);
      }
    };
    const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue ?? '–';
    for (const preset of Object.keys(presets) as Preset[]) {
      await clearCookies(chrome.port);
      const lhr = await audit(`${server.url}/`, chrome.port, preset);
      record(`/ ${preset}`, lhr, categories);
      figures.push({ label: `/ ${preset}: FCP / LCP / TBT / CLS`, value: `${metric(lhr, 'first-contentful-paint')} / ${metric(lhr, 'largest-contentful-paint')} / ${metric(lhr, 'total-blocking-time')} / ${metric(lhr, 'cumulative-layout-shift')}` });
    }
    // The signed-in device: one real sign-in through the form (keyring, first sync), then flows.
    await signInDevice(chrome.port, server.url, owner.username, owner.password);
    for (const preset of Object.keys(presets) as Preset[]) {
      for (const page of signedInPages) {
        const run = await auditSignedIn(chrome.port, server.url + page.path, page, owner.password, presets[preset]);
        const name = `${label(page.path)} ${preset}`;
        if (run.navigation.finalDisplayedUrl !== server.url + page.path) throw new Error(`${page.path} ended on ${run.navigation.finalDisplayedUrl} (not signed in?)`);
        record(`${name}, load to the lock screen`, run.navigation, categories);
        figures.push({ label: `${name}, load: FCP / LCP / TBT / CLS`, value: `${metric(run.navigation, 'first-contentful-paint')} / ${metric(run.navigation, 'largest-contentful-paint')} / ${metric(run.navigation, 'total-blocking-time')} / ${metric(run.navigation, 'cumulative-layout-shift')}` });
        record(`${name}, unlock to the page`, run.unlock, ['performance']);
        figures.push({ label: `${name}, unlock: TBT / CLS / to content`, value: `${metric(run.unlock, 'total-blocking-time')} / ${metric(run.unlock, 'cumulative-layout-shift')} / ${run.unlockToContentMs} ms` });
      }
    }
    notes.unshift(
      `Lighthouse ${version} (npm) through \`chrome-launcher\` on ${chromiumPath} (\`--headless=new\`), against the built PWA on the built server on 127.0.0.1. The landing page is a first visit: service workers, caches, IndexedDB and localStorage of the origin are cleared before it, no cookies.`,
      'Signed-in pages (`bench/lighthouseSignedIn.ts`): the owner signs in once through the form in the same browser (keyring, first sync); then each page is a Lighthouse user flow on that device — a navigation to the address (service workers and caches cleared, the device\'s IndexedDB, localStorage and session cookie kept), which ends at the lock screen because every full page load starts locked (docs/security.md), and a timespan over typing the password and unlocking, up to the page\'s heading. Lighthouse scores a timespan\'s performance on TBT and CLS only; "to content" is the wall time from the click to the heading on this machine.',
      'mobile = Lighthouse\'s default (Moto G Power emulation, simulated 150 ms RTT / 1.6 Mbit/s, 4× CPU slowdown); desktop = its desktop preset (40 ms RTT / 10 Mbit/s, no CPU slowdown). Below: the audits that cost points (score < 1, weighted in the category).',
    );
    console.log(`Lighthouse reports (JSON) of this run: ${reportDir}`);
    return { figures, notes };
  } finally {
    chrome.kill();
    await server.stop();
  }
}
