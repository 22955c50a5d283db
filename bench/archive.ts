/**
 * bench/archive: opening 1,000 sealed protocols of one service in the patient archive.
 * Seeds them through the sync push (create, vitals, treatment entry, discharge: the server seals),
 * then drives /patient-archive in Chromium: from the click on 'Archiv öffnen' (the event's own
 * timestamp) until the dialog states that all 1,000 protocols were decrypted, its first page of
 * protocols is in the DOM, and the next frame was painted. The dialog decrypts every protocol
 * before it opens but renders one page of 25 (docs/decisions.md, "Patient archive: opening 1,000
 * protocols"); after each timed opening the bench turns every page and checks that all 1,000
 * protocols are there, each with its decrypted patient name.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { BenchClient, Owner } from './lib';
import { chromiumFlags, chromiumPath, createOwner, freePort, ms, pushAll, startServer, stats } from './lib';
import type { PartReport } from './report';

const protocolCount = Number(process.env.BENCH_PROTOCOLS ?? 1000);
const runs = Number(process.env.BENCH_ARCHIVE_RUNS ?? 3);
const aimMs = 1000;
const serviceName = 'Stadtfest Archiv-Bench';
/** The dialog's page size (`archivePageSize` in apps/pwa/src/features/archive/ArchivedProtocolsDialog.tsx). */
const pageSize = 25;

async function seed(owner: Owner): Promise<string> {
  const serviceId = randomUUID();
  const start = Date.now() - 10 * 3_600_000;
  await owner.client.call('POST', '/api/services', {
    id: serviceId, name: serviceName, description: 'Bench', location: 'Marktplatz 1', organizationId: owner.organizationId,
    startDate: new Date(start).toISOString(), endDate: new Date(start + 12 * 3_600_000).toISOString(),
  });
  const ids = Array.from({ length: protocolCount }, () => randomUUID());
  const at = (i: number, minutes: number) => new Date(start + i * 30_000 + minutes * 60_000).toISOString();
  const mutations = ids.flatMap((id, i) => [
    {
      name: 'protocol.create',
      args: {
        id, serviceId, createdAt: at(i, 0),
        patientData: { firstName: `Erika ${i}`, lastName: 'Mustermann', dateOfBirth: '1962-07-14', gender: 'weiblich', phone: '0171 2223334', address: 'Hauptstraße 1, 12345 Musterstadt', insuranceInfo: 'AOK' },
        chiefComplaint: 'Kreislaufschwäche nach längerem Stehen', initialAssessment: 'wach, orientiert, blass', allergies: 'Penicillin', medications: 'Ramipril', pastHistory: 'Hypertonie', helper1: 'Max Muster',
      },
    },
    { name: 'vitals.record', args: { id: randomUUID(), protocolId: id, recordedAt: at(i, 2), values: [{ parameterType: 'blood_pressure', value: '110/70' }, { parameterType: 'heart_rate', value: 88 }, { parameterType: 'oxygen_saturation', value: 97 }] } },
    { name: 'treatmentEntry.add', args: { id: randomUUID(), protocolId: id, time: '14:05', text: 'Beine hochgelagert, Wasser gereicht', performer: 'helfer1', createdAt: at(i, 3) } },
    { name: 'protocol.discharge', args: { id, dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Tochter', dischargeComment: 'Beschwerdefrei entlassen', dischargedAt: at(i, 20) } },
  ]);
  await pushAll(owner.client, mutations);
  return serviceId;
}

interface Sealed { protocol: { id: string }; sealed: { envelope: unknown } }

/** The same opening in Node, no UI, one thread: how long the decryption of the 1,000 envelopes alone takes in V8. */
async function decryptInNode(client: BenchClient, owner: Owner, serviceId: string): Promise<{ decryptMs: number; count: number }> {
  const crypto = await import('@sanidok/crypto');
  const parsed = crypto.parseOrganizationSecret(owner.keyText);
  if (!parsed.ok) throw new Error('the bench key does not parse');
  const base = `/api/organizations/${owner.organizationId}/archive/services/${serviceId}`;
  const challenge = await client.call<{ challengeId: string; organizationId: number; serviceId: string; nonce: string; expiresAt: string }>('POST', `${base}/challenge`, {});
  const signature = await crypto.signArchiveProof(parsed.secret, challenge);
  const response = await client.call<{ protocols: Sealed[] }>('POST', `${base}/protocols`, { proof: { challengeId: challenge.challengeId, signature } });
  const keys = await crypto.deriveOrganizationKeys(parsed.secret);
  const started = performance.now();
  // The archive's opener (one thread; the browser splits the work with a worker).
  const opener = await crypto.createPatientDataOpener(keys);
  await Promise.all(response.protocols.map((r) => opener.open({ organizationId: owner.organizationId, protocolId: r.protocol.id }, r.sealed.envelope as Parameters<typeof opener.open>[1])));
  return { decryptMs: performance.now() - started, count: response.protocols.length };
}

/**
 * Outside the clock: turns every page of the dialog and checks that it holds all protocols, once
 * each, every one with the patient name that only its sealed envelope carries ('Erika {i}').
 */
async function checkEveryPage(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Archivierte Protokolle/ });
  await dialog.getByText(`${protocolCount} Protokolle entschlüsselt`).waitFor();
  const names = new Set<string>();
  for (let shown = 1; ; shown += 1) {
    const labels = await dialog.getByRole('list', { name: 'Entschlüsselte Protokolle' }).getByRole('article').evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label') ?? ''));
    for (const label of labels) {
      if (!/^Protokoll #\d+: Erika \d+ Mustermann$/.test(label)) throw new Error(`not opened: ${label}`);
      names.add(label);
    }
    if (shown * pageSize >= protocolCount) break;
    await dialog.getByRole('button', { name: 'Nächste Seite' }).click();
    await dialog.getByText(`Protokolle ${shown * pageSize + 1}–`).waitFor();
  }
  if (names.size !== protocolCount) throw new Error(`${protocolCount - names.size} of ${protocolCount} protocols did not open`);
}

/** Milliseconds after the click: answer of POST …/protocols, list in the DOM, next frame painted. */
interface OpeningTimes { answered: number; inDom: number; painted: number; protocolsRequest: number }

export async function benchArchive(staticDir: string | undefined): Promise<PartReport> {
  const server = await startServer(await freePort(3350), staticDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const owner = await createOwner(server.url, 'bench-archive');
    const seedStart = performance.now();
    const serviceId = await seed(owner);
    const seedMs = performance.now() - seedStart;
    const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Signed in through the form, as on a tablet: that creates the device's keyring.
    await page.goto('/auth');
    await page.getByLabel('Benutzername').fill(owner.username);
    await page.getByLabel('Passwort', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);

    const times: OpeningTimes[] = [];
    for (let run = 0; run < runs; run += 1) {
      await page.goto('/patient-archive');
      // Every full page load starts locked: the owner unlocks with the password (off the clock).
      await page.getByLabel('Passwort', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Entsperren', exact: true }).click();
      const row = page.getByRole('table', { name: 'Archivierte Sanitätsdienste' }).getByRole('row', { name: new RegExp(serviceName) });
      await row.getByRole('radio').check({ timeout: 30_000 });
      const keyInput = page.getByRole('textbox', { name: 'Verschlüsselungsschlüssel' });
      await keyInput.fill(owner.keyText);
      // Focusing the field loads the key libraries and starts the decryption worker while the owner
      // types; a person typing a key takes far longer than that download, so the clock starts once
      // both are in (the worker sets a User Timing mark when it has loaded).
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/crypto-[^/]*\.js$/.test(e.name)), undefined, { timeout: 30_000 });
      await page.waitForFunction(() => performance.getEntriesByName('sanidok:archive-worker-ready').length > 0, undefined, { timeout: 30_000 });
      await page.evaluate((expected) => {
        const bench = { click: 0, shown: 0, painted: 0 };
        Object.assign(window, { __archive: bench });
        document.addEventListener('click', (event) => {
          if (event.target instanceof Element && event.target.closest('form button[type="submit"]')) bench.click = event.timeStamp;
        }, true);
        const observer = new MutationObserver(() => {
          if (bench.shown) return;
          // All decrypted (the count the dialog states) and the first page of them in the DOM.
          const decrypted = Number(document.querySelector('[role="dialog"] [data-decrypted-count]')?.getAttribute('data-decrypted-count') ?? -1);
          if (decrypted !== expected.total || document.querySelectorAll('[role="dialog"] [role="list"] > [role="listitem"]').length < expected.firstPage) return;
          bench.shown = performance.now();
          observer.disconnect();
          // The frame after the list entered the DOM: rAF runs before its paint, the task after it.
          requestAnimationFrame(() => setTimeout(() => { bench.painted = performance.now(); }, 0));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, { total: protocolCount, firstPage: Math.min(protocolCount, pageSize) });
      const traceFile = run === 0 ? process.env.BENCH_ARCHIVE_TRACE : undefined;
      if (traceFile) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
      await page.getByRole('button', { name: 'Archiv öffnen' }).click();
      await page.waitForFunction(() => (window as unknown as { __archive: { painted: number } }).__archive.painted > 0, undefined, { timeout: 120_000 });
      if (traceFile) writeFileSync(traceFile, await browser.stopTracing());
      // No named helper functions inside evaluate: tsx would wrap them in a `__name` the page lacks.
      const measured = await page.evaluate((): OpeningTimes => {
        const bench = (window as unknown as { __archive: { click: number; shown: number; painted: number } }).__archive;
        let request: PerformanceResourceTiming | undefined;
        for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) if (entry.name.endsWith('/protocols')) request = entry;
        return {
          answered: (request?.responseEnd ?? Number.NaN) - bench.click, inDom: bench.shown - bench.click, painted: bench.painted - bench.click,
          protocolsRequest: request ? request.responseEnd - request.startTime : Number.NaN,
        };
      });
      await checkEveryPage(page);
      times.push(measured);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.evaluate(() => performance.clearResourceTimings());
    }
    await context.close();
    const node = await decryptInNode(owner.client, owner, serviceId);

    const median = (key: keyof OpeningTimes) => stats(times.map((t) => t[key])).median;
    const painted = stats(times.map((t) => t.painted));
    return {
      figures: [
        { label: `click 'Archiv öffnen' → ${protocolCount} protocols decrypted, first page shown (painted)`, value: `median ${ms(painted.median)} (min ${ms(painted.min)}, max ${ms(painted.max)})`, aim: '< 1 s', met: painted.median < aimMs },
        { label: '  1. click → POST …/protocols answered (challenge, proof, request)', value: ms(median('answered')) },
        { label: `     of which POST …/protocols (server releases ${protocolCount} envelopes)`, value: ms(median('protocolsRequest')) },
        { label: `  2. → all decrypted, first ${Math.min(protocolCount, pageSize)} in the DOM (decryption, React render)`, value: ms(median('inDom') - median('answered')) },
        { label: '  3. → next frame painted (style, layout, paint)', value: ms(median('painted') - median('inDom')) },
        { label: `decryption of the ${node.count} envelopes alone, same opener in Node, one thread (reference)`, value: ms(node.decryptMs) },
        { label: `seeding ${protocolCount} protocols through /api/sync/push (${protocolCount * 4} mutations)`, value: ms(seedMs) },
      ],
      notes: [
        `UI path, not a stand-in: Chromium ${browser.version()} (headless, 1280×900) on the built PWA and server; the owner signs in, opens /patient-archive, picks the service, types the key and clicks 'Archiv öffnen'. ${runs} openings, median reported.`,
        `Each protocol: patient data (7 fields), six clinical fields, one vitals record with three values, one treatment entry; discharged without a device envelope, so the server sealed each one (HPKE to the organisation's key).`,
        'Start: the click event\'s timestamp. "In the DOM": a MutationObserver sees the dialog state that all protocols were decrypted (its count, `data-decrypted-count`, set only after every envelope was opened) and the first page of the list (25 protocols; the dialog pages its list, the print view holds all). "Shown": the task after the next requestAnimationFrame, i.e. that frame was rendered. The answer of POST …/protocols comes from Resource Timing, on the same clock.',
        `After each opening, off the clock, the bench turns every page and checks that all ${protocolCount} protocols are listed once, each with its decrypted patient name.`,
        '`BENCH_ARCHIVE_TRACE=/tmp/archive.json pnpm bench archive` writes a Chromium trace of the first opening (open it in DevTools → Performance).',
        'The key libraries (crypto chunk) and the decryption worker are already loaded when the clock starts: the page fetches them when the key field gets focus. The page opens half of the envelopes, the worker the other half, at the same time (WebCrypto runs X25519 and HKDF on the calling thread).',
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
