/**
 * bench/lighthouse: performance, accessibility and best practices of the landing page (/) and the
 * signed-in dashboard (/dashboard), Lighthouse's programmatic API on Debian's Chromium, mobile
 * (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and desktop preset.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumFlags, chromiumPath, createOwner, freePort, startServer } from './lib';
import type { Figure, PartReport } from './report';

const categories = ['performance', 'accessibility', 'best-practices'] as const;
const aimScore = 0.95;
const presets = { mobile: undefined, desktop: desktopConfig } as const;
type Preset = keyof typeof presets;
/**
 * Every first visit starts empty: Lighthouse's default keeps IndexedDB and localStorage between
 * runs (it clears only service workers, caches and file systems), which would let the dashboard
 * run reuse the database of the previous one and the landing run see a remembered user.
 * Cookies stay; the bench sets them itself (signedInAs).
 */
const clearStorageTypes = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage', 'websql'] as const;

interface Cookie { name: string; value: string }

/** Signs in through the API, as the login form does, and returns the cookies the server set. */
async function signInCookies(baseUrl: string, username: string, password: string): Promise<Cookie[]> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sanidok-client': 'bench' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`POST /api/login → ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((header) => {
    const [name = '', ...value] = (header.split(';')[0] ?? '').split('=');
    return { name, value: value.join('=') };
  });
}

/**
 * Puts the browser's cookie jar in the state of the page under test: the signed-in user's
 * cookies for the dashboard (session and the readable session hint, as after a real sign-in),
 * none for the landing page (a first-time visitor). Over a short CDP connection, closed before
 * Lighthouse runs.
 */
async function useCookies(port: number, baseUrl: string, cookies: Cookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    await context.clearCookies();
    if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
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
    // A dashboard with something on it: an organisation with a running service.
    const owner = await createOwner(server.url, 'bench-lighthouse');
    const start = Date.now() - 3_600_000;
    await owner.client.call('POST', '/api/services', {
      id: randomUUID(), name: 'Stadtfest Bench', description: 'Bench', location: 'Marktplatz', organizationId: owner.organizationId,
      startDate: new Date(start).toISOString(), endDate: new Date(start + 9 * 3_600_000).toISOString(),
    });
    const signedIn = await signInCookies(server.url, owner.username, owner.password);
    const pages = [
      { path: '/', cookies: [] },
      { path: '/dashboard', cookies: signedIn },
    ];
    const figures: Figure[] = [];
    const notes: string[] = [];
    let version = '';
    for (const preset of Object.keys(presets) as Preset[]) {
      for (const page of pages) {
        await useCookies(chrome.port, server.url, page.cookies);
        const lhr = await audit(server.url + page.path, chrome.port, preset);
        version = lhr.lighthouseVersion;
        if (lhr.finalDisplayedUrl !== server.url + page.path) throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
        writeFileSync(path.join(reportDir, `${preset}${page.path.replace(/\//g, '_')}.json`), JSON.stringify(lhr));
        for (const category of categories) {
          const score = lhr.categories[category]?.score ?? 0;
          figures.push({ label: `${page.path} ${preset}: ${category}`, value: score.toFixed(2), aim: `≥ ${aimScore}`, met: score >= aimScore });
          const lost = losses(lhr, category);
          if (score < 1 && lost.length > 0) notes.push(`${page.path} ${preset}, ${category}: ${lost.join('; ')}.`);
        }
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
        figures.push({ label: `${page.path} ${preset}: FCP / LCP / TBT / CLS`, value: `${metric('first-contentful-paint')} / ${metric('largest-contentful-paint')} / ${metric('total-blocking-time')} / ${metric('cumulative-layout-shift')}` });
      }
    }
    notes.unshift(
      `Lighthouse ${version} (npm) through \`chrome-launcher\` on ${chromiumPath} (\`--headless=new\`), against the built PWA on the built server on 127.0.0.1. Every run is a first visit: service workers, caches, IndexedDB and localStorage of the origin are cleared before it (\`clearStorageTypes\`; Lighthouse's default keeps IndexedDB and localStorage). The landing run has no cookies (a first-time visitor); the dashboard run has the cookies a real sign-in of the owner set (session and session hint), put into Chromium's cookie jar over CDP.`,
      'mobile = Lighthouse\'s default (Moto G Power emulation, simulated 150 ms RTT / 1.6 Mbit/s, 4× CPU slowdown); desktop = its desktop preset (40 ms RTT / 10 Mbit/s, no CPU slowdown). Below: the audits that cost points (score < 1, weighted in the category).',
    );
    console.log(`Lighthouse reports (JSON) of this run: ${reportDir}`);
    return { figures, notes };
  } finally {
    chrome.kill();
    await server.stop();
  }
}
