/**
 * bench/load: simulated devices against the built server. Each device pulls every 5 s
 * and pushes a burst of 20 mutations every 60 s (one batch), for BENCH_LOAD_SECONDS (300 as the
 * issue asks; shorter runs say so). Three setups: one SQLite process, one PostgreSQL process, two
 * PostgreSQL processes behind an alternating proxy. Reports p50/p99 of push and pull, throughput,
 * errors and CPU per server process. Measures; asserts the issue's aims only for SQLite.
 *
 *   pnpm bench load     (BENCH_LOAD_DEVICES=500, BENCH_LOAD_SECONDS=300; PostgreSQL as bench/syncPostgres.ts)
 *
 * Then the knee: rounds of BENCH_KNEE_SECONDS (60) with more devices each (BENCH_KNEE_STEPS), on
 * SQLite and on one PostgreSQL process, until the p99 of push or pull passes 200 ms.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { startAlternatingProxy } from '../e2e/support/alternatingProxy';
import type { Owner, RunningServer } from './lib';
import { createOwner, formatNumber, freePort, ms, startServer, stats } from './lib';
import type { Figure, PartReport } from './report';
import { serviceRecord } from './sync';

const devices = Number(process.env.BENCH_LOAD_DEVICES ?? 500);
/** Devices are spread over organisations (10 each by default): a device pulls its organisation's changes. */
const organizations = Number(process.env.BENCH_LOAD_ORGS ?? 50);
const durationMs = Number(process.env.BENCH_LOAD_SECONDS ?? 300) * 1000;
const pullEveryMs = 5_000;
const pushEveryMs = 60_000;
const burst = 20;
const kneeSteps = (process.env.BENCH_KNEE_STEPS ?? '500,1000,1500,2000,3000').split(',').map(Number).filter((n) => n > 0);
const kneeMs = Number(process.env.BENCH_KNEE_SECONDS ?? 60) * 1000;
const kneeLimitMs = 200;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Samples {
  pull: number[];
  push: number[];
  errors: number;
  mutations: number;
}

async function timed(samples: number[], call: () => Promise<Response>): Promise<boolean> {
  const start = performance.now();
  try {
    const response = await call();
    await response.arrayBuffer();
    samples.push(performance.now() - start);
    return response.ok;
  } catch {
    return false;
  }
}

/** One device: pulls on its 5 s beat, pushes its burst on its 60 s beat; both staggered per device. */
async function device(url: string, cookie: string, organizationId: number, index: number, count: number, until: number, samples: Samples): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-sanidok-client': 'bench', cookie };
  const deviceId = randomUUID();
  let seq = 0;
  let cursor = '';
  let nextPull = Date.now() + (index / count) * pullEveryMs;
  let nextPush = Date.now() + (index / count) * pushEveryMs;
  while (Date.now() < until) {
    const now = Date.now();
    if (now >= nextPush) {
      nextPush += pushEveryMs;
      const mutations = Array.from({ length: burst }, () => ({ mutationId: randomUUID(), seq: ++seq, name: 'service.create', args: serviceRecord(organizationId, seq), createdAt: new Date().toISOString() }));
      const body = JSON.stringify({ deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
      const ok = await timed(samples.push, () => fetch(`${url}/api/sync/push`, { method: 'POST', headers, body }));
      if (ok) samples.mutations += burst;
      else samples.errors += 1;
    } else if (now >= nextPull) {
      nextPull += pullEveryMs;
      let page: { cursor: string } | undefined;
      const ok = await timed(samples.pull, async () => {
        const response = await fetch(`${url}/api/sync/pull?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { headers });
        if (response.ok) page = (await response.clone().json()) as { cursor: string };
        return response;
      });
      if (ok && page) cursor = page.cursor;
      else samples.errors += 1;
    } else {
      await sleep(Math.max(5, Math.min(nextPull, nextPush) - now));
    }
  }
}

interface Setup {
  label: string;
  url: string;
  servers: RunningServer[];
  stop(): Promise<void>;
}

async function postgresDatabase(): Promise<{ url: string; env: Record<string, string>; drop(): Promise<void> }> {
  const name = `sanidok_load_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), SESSION_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('base64url') };
  return { url: url.toString(), env, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

interface Round {
  samples: Samples;
  elapsed: number;
  cpu: number[];
}

/** `count` devices for `ms` against a setup whose owners exist already. */
async function round(setup: Setup, owners: readonly Owner[], count: number, ms: number): Promise<Round> {
  const samples: Samples = { pull: [], push: [], errors: 0, mutations: 0 };
  const cpuBefore = setup.servers.map((s) => cpuSeconds(s.process.pid));
  const started = Date.now();
  await Promise.all(Array.from({ length: count }, (_, i) => {
    const owner = owners[i % owners.length];
    if (!owner) throw new Error('keine Organisation');
    return device(setup.url, owner.client.sessionCookie, owner.organizationId, i, count, started + ms, samples);
  }));
  const elapsed = (Date.now() - started) / 1000;
  return { samples, elapsed, cpu: setup.servers.map((s, i) => ((cpuSeconds(s.process.pid) - (cpuBefore[i] ?? 0)) / elapsed) * 100) };
}

async function createOwners(url: string): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let o = 0; o < organizations; o += 1) owners.push(await createOwner(url, `load-${randomBytes(3).toString('hex')}-${String(o)}`));
  return owners;
}

/** Rounds with more devices each until the p99 of push or pull passes 200 ms: the knee. */
async function knee(setup: Setup): Promise<Figure> {
  try {
    const owners = await createOwners(setup.url);
    const steps: string[] = [];
    let reached: number | undefined;
    for (const count of kneeSteps) {
      const { samples } = await round(setup, owners, count, kneeMs);
      const [pull, push] = [stats(samples.pull).p99, stats(samples.push).p99];
      steps.push(`${formatNumber(count)}: pull ${ms(pull)}, push ${ms(push)}${samples.errors ? `, ${String(samples.errors)} errors` : ''}`);
      if (Math.max(pull, push) > kneeLimitMs || samples.errors > 0) {
        reached = count;
        break;
      }
    }
    const verdict = reached === undefined ? `not reached up to ${formatNumber(kneeSteps.at(-1) ?? 0)} devices` : `at ${formatNumber(reached)} devices`;
    return { label: `${setup.label}: knee (p99 > ${String(kneeLimitMs)} ms)`, value: `${verdict} — p99 per round: ${steps.join('; ')}` };
  } finally {
    await setup.stop();
  }
}

async function runSetup(setup: Setup): Promise<Figure[]> {
  try {
    const owners = await createOwners(setup.url);
    const { samples, elapsed, cpu } = await round(setup, owners, devices, durationMs);
    const pull = stats(samples.pull);
    const push = stats(samples.push);
    const sqlite = setup.label.startsWith('SQLite');
    return [
      { label: `${setup.label}: pull p50 / p99`, value: `${ms(pull.median)} / ${ms(pull.p99)}`, ...(sqlite ? { aim: 'p99 < 50 ms', met: pull.p99 < 50 } : {}) },
      { label: `${setup.label}: push p50 / p99`, value: `${ms(push.median)} / ${ms(push.p99)}`, ...(sqlite ? { aim: 'p99 < 200 ms', met: push.p99 < 200 } : {}) },
      { label: `${setup.label}: throughput`, value: `${(samples.pull.length / elapsed).toFixed(1)} pulls/s, ${(samples.push.length / elapsed).toFixed(1)} pushes/s (${formatNumber(samples.mutations / elapsed)} mutations/s)` },
      { label: `${setup.label}: errors`, value: String(samples.errors), ...(sqlite ? { aim: '0', met: samples.errors === 0 } : {}) },
      { label: `${setup.label}: CPU per server process`, value: cpu.map((c) => `${c.toFixed(0)} %`).join(', ') },
    ];
  } finally {
    await setup.stop();
  }
}

export async function benchLoad(): Promise<PartReport> {
  const figures: Figure[] = [];
  const sqlite = await startServer(await freePort(3320));
  figures.push(...(await runSetup({ label: 'SQLite, 1 process', url: sqlite.url, servers: [sqlite], stop: sqlite.stop })));

  const one = await postgresDatabase();
  const pgServer = await startServer(await freePort(3325), undefined, one.env);
  figures.push(...(await runSetup({ label: 'PostgreSQL, 1 process', url: pgServer.url, servers: [pgServer], stop: async () => { await pgServer.stop(); await one.drop(); } })));

  const two = await postgresDatabase();
  const first = await startServer(await freePort(3330), undefined, two.env);
  const second = await startServer(await freePort(3335), undefined, two.env);
  const proxyPort = await freePort(3340);
  const proxy = await startAlternatingProxy(proxyPort, [Number(new URL(first.url).port), Number(new URL(second.url).port)]);
  figures.push(...(await runSetup({
    label: 'PostgreSQL, 2 processes + proxy', url: `http://127.0.0.1:${String(proxyPort)}`, servers: [first, second],
    stop: async () => { await proxy.close(); await first.stop(); await second.stop(); await two.drop(); },
  })));

  const kneeSqlite = await startServer(await freePort(3345));
  figures.push(await knee({ label: 'SQLite, 1 process', url: kneeSqlite.url, servers: [kneeSqlite], stop: kneeSqlite.stop }));
  const kneeDb = await postgresDatabase();
  const kneePg = await startServer(await freePort(3350), undefined, kneeDb.env);
  figures.push(await knee({ label: 'PostgreSQL, 1 process', url: kneePg.url, servers: [kneePg], stop: async () => { await kneePg.stop(); await kneeDb.drop(); } }));

  return {
    figures,
    notes: [
      `${formatNumber(devices)} simulated devices for ${String(durationMs / 1000)} s per setup${durationMs < 300_000 ? ' (shorter than the 5 minutes the issue names: BENCH_LOAD_SECONDS)' : ''}: each pulls every 5 s (keeping its cursor) and pushes one batch of ${String(burst)} \`service.create\` mutations every 60 s, starts staggered evenly over the interval. The devices are spread over ${String(organizations)} organisations (BENCH_LOAD_ORGS), each organisation's devices on its owner's session with their own device ids, so a pull carries what the organisation's other devices pushed. With all devices in one organisation (BENCH_LOAD_ORGS=1) every pull carries every device's writes and the fan-out dominates.`,
      'The devices run in the bench process on the same 2-core machine as the servers (and PostgreSQL), so they compete for the CPU; latencies are measured at the device (fetch, keep-alive) and include that. CPU per server process = (user + system time) / wall time from /proc.',
      `The knee: on a fresh server, rounds of ${String(kneeMs / 1000)} s (BENCH_KNEE_SECONDS) with ${kneeSteps.map(formatNumber).join(', ')} devices (BENCH_KNEE_STEPS), the same device behaviour; the first round whose p99 of push or pull passes ${String(kneeLimitMs)} ms (or that has errors) is the knee. The device simulation shares the 2 cores, so at high counts part of the latency is the bench's own.`,
    ],
  };
}
