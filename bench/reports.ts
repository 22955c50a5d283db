/**
 * bench/reports: the event report of a service with 500 minor treatments and 200
 * protocols, built in Chromium with the CPU slowed 4× (Lighthouse's mobile factor, our stand-in for
 * a tablet) from the same `packages/reports` code the PWA loads — summary, PDF and CSV; and the
 * organisation statistics over 12 months of 300 services on the built server (SQLite).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import type { EventReportInput } from '@sanidok/reports';
import { chromiumFlags, chromiumPath, createOwner, freePort, ms, pushAll, root, startServer, stats } from './lib';
import type { Figure, PartReport } from './report';

const rounds = Number(process.env.BENCH_REPORT_ROUNDS ?? 5);
const hour = 3_600_000;

function eventInput(): EventReportInput {
  const start = Date.UTC(2026, 6, 4, 8);
  const at = (i: number, n: number) => new Date(start + Math.floor((i / n) * 12 * hour)).toISOString();
  const measures = ['Blutdruck gemessen', 'Kühlpack angelegt', 'Druckverband angelegt: Unterarm links', 'Wunde gereinigt und mit Pflaster versorgt', 'frei formulierte Maßnahme'];
  return {
    service: { name: 'Open Air Musterstadt', location: 'Festgelände', startDate: new Date(start).toISOString(), endDate: new Date(start + 12 * hour).toISOString(), organizationName: 'DRK Musterstadt' },
    team: Array.from({ length: 25 }, (_, i) => ({ username: `sani${i}`, addedAt: new Date(start - hour).toISOString() })),
    minorTreatments: Array.from({ length: 500 }, (_, i) => ({ createdAt: at(i, 500), description: i % 3 ? 'Blasenpflaster geklebt' : `Freitext ${i}` })),
    minorTreatmentTemplates: [{ name: 'Blase', description: 'Blasenpflaster geklebt' }],
    protocols: Array.from({ length: 200 }, (_, i) => ({
      createdAt: at(i, 200), status: i % 10 ? 'discharged' : 'active', dischargeOutcome: i % 3 ? 'released' : 'ambulance', dischargeDestination: `Klinikum ${i % 4}`,
    })),
    treatmentEntries: Array.from({ length: 800 }, (_, i) => ({ text: measures[i % measures.length] ?? '' })),
    materials: Array.from({ length: 40 }, (_, i) => ({ name: `Material ${i}`, unit: 'Stück', count: i * 3 })),
    remarks: 'Hitze ab Mittag.',
    generatedAt: new Date(start + 13 * hour),
  };
}

/** The part of esbuild's API used here (esbuild comes with tsx; no types of its own in this workspace). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: { text: string }[] }>;
}

/** The report code as one script for the page (esbuild, as tsx brings it). */
async function browserBundle(): Promise<string> {
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx'))('esbuild') as Esbuild;
  const result = await esbuild.build({
    stdin: {
      contents: "import { eventReportCsv, eventReportPdf, summarizeEvent } from '@sanidok/reports'; Object.assign(window, { __reports: { eventReportCsv, eventReportPdf, summarizeEvent } });",
      resolveDir: path.join(root, 'apps/pwa'),
    },
    bundle: true, write: false, format: 'iife', platform: 'browser', minify: true, logLevel: 'silent',
  });
  return result.outputFiles?.[0]?.text ?? '';
}

async function eventReportInChromium(): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: await browserBundle() });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const input = eventInput();
    const times: { total: number; pdf: number; bytes: number }[] = [];
    for (let round = 0; round < rounds + 1; round += 1) {
      const measured = await page.evaluate(async (raw) => {
        type Reports = { summarizeEvent: (i: unknown) => unknown; eventReportPdf: (r: unknown) => Promise<Uint8Array>; eventReportCsv: (r: unknown) => string };
        const reports = (window as unknown as { __reports: Reports }).__reports;
        const started = performance.now();
        const report = reports.summarizeEvent({ ...raw, generatedAt: new Date(raw.generatedAt) });
        const beforePdf = performance.now();
        const pdf = await reports.eventReportPdf(report);
        const afterPdf = performance.now();
        reports.eventReportCsv(report);
        return { total: performance.now() - started, pdf: afterPdf - beforePdf, bytes: pdf.length };
      }, { ...input, generatedAt: input.generatedAt.toISOString() });
      if (round > 0) times.push(measured); // the first round warms the JIT, as a second click would find it
    }
    const total = stats(times.map((t) => t.total));
    return [
      {
        label: 'event report, 500 minor treatments + 200 protocols + 800 measures: summary + PDF + CSV, Chromium, CPU 4× slower',
        value: `median ${ms(total.median)}, max ${ms(total.max)} (PDF ${ms(stats(times.map((t) => t.pdf)).median)}, ${Math.round((times[0]?.bytes ?? 0) / 1024)} KiB)`,
        aim: '< 2,000 ms',
        met: total.max < 2_000,
      },
    ];
  } finally {
    await browser.close();
  }
}

/**
 * 300 services over the last 12 months with 20 minor treatments, 8 discharged protocols and one
 * priced material use each, pushed through the real sync API; then the statistics call, timed
 * over loopback HTTP (server time plus a local round trip).
 */
async function statisticsOnServer(): Promise<Figure[]> {
  const server = await startServer(await freePort(3370));
  try {
    const owner = await createOwner(server.url, 'bench-statistics');
    const material = await owner.client.call<{ id: number }>('POST', '/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: owner.organizationId, unitPriceCents: 35 });
    const now = Date.now();
    const mutations: { name: string; args: unknown }[] = [];
    for (let s = 0; s < 300; s += 1) {
      const start = now - Math.floor((s / 300) * 330) * 24 * hour - 12 * hour;
      const serviceId = randomUUID();
      const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
      mutations.push({ name: 'service.create', args: { id: serviceId, name: `Dienst ${s}`, location: 'Festplatz', organizationId: owner.organizationId, startDate: at(0), endDate: at(600) } });
      for (let m = 0; m < 20; m += 1) {
        mutations.push({ name: 'minorTreatment.create', args: { id: randomUUID(), serviceId, patientName: `Gast ${m}`, description: 'Pflaster geklebt', createdAt: at(10 + m), materials: m === 0 ? [{ id: material.id, quantity: 25, usageId: randomUUID() }] : [] } });
      }
      for (let p = 0; p < 8; p += 1) {
        const id = randomUUID();
        mutations.push(
          { name: 'protocol.create', args: { id, serviceId, createdAt: at(30 + p), patientData: { firstName: 'Erika', lastName: `Muster ${p}` }, chiefComplaint: 'Kreislauf' } },
          { name: 'protocol.discharge', args: { id, dischargeStatus: 'stabil', dischargeOutcome: p % 2 ? 'ambulance' : 'released', dischargeDestination: 'Klinikum', handoverTo: 'RTW', dischargedAt: at(70 + p) } },
        );
      }
    }
    const seeding = performance.now();
    await pushAll(owner.client, mutations);
    const seedMs = performance.now() - seeding;
    const times: number[] = [];
    let services = 0;
    for (let round = 0; round < rounds + 1; round += 1) {
      const started = performance.now();
      const result = await owner.client.call<{ total: { services: number } }>('GET', `/api/organizations/${owner.organizationId}/statistics`);
      if (round > 0) times.push(performance.now() - started);
      services = result.total.services;
    }
    const t = stats(times);
    return [
      { label: `statistics, last 12 months: ${services} services, 6,000 minor treatments, 2,400 protocols (GET over loopback, SQLite)`, value: `median ${ms(t.median)}, max ${ms(t.max)} (seeding ${Math.round(seedMs / 1000)} s)`, aim: '< 500 ms', met: t.max < 500 },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchReports(): Promise<PartReport> {
  const figures = [...(await eventReportInChromium()), ...(await statisticsOnServer())];
  return {
    figures,
    notes: [
      `Event report: the esbuild bundle of \`@sanidok/reports\` in Debian's Chromium, CPU throttled 4× through the DevTools protocol; ${rounds} rounds after one warm-up; the figure is summary + PDF + CSV (what the dialog's two buttons do between them), not the file save.`,
      `Statistics: the built server on a fresh SQLite file, seeded through /api/sync/push, \`GET /api/organizations/{id}/statistics\` timed over loopback; ${rounds} rounds after one warm-up.`,
    ],
  };
}
