/**
 * bench/sync: push and pull of the same 10,000 records (services) through the real HTTP
 * endpoints of the built server on loopback, against raw better-sqlite3 (insert and select of
 * the same rows) and against pouchdb-server (bench/pouchdb.ts). Measures; asserts nothing.
 *
 *   pnpm bench sync
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { createOwner, formatNumber, freePort, rate, seconds, startServer } from './lib';
import { bulkBodies, createDatabase, pullChanges, pushBulk, startPouchServer } from './pouchdb';
import type { PartReport } from './report';

export const total = Number(process.env.BENCH_ROWS ?? 10_000);
export const batchSize = 200;
export const pageSize = 1000;
const warmUp = 2_000;
const aimRatio = 5;

export interface ServiceRecord {
  id: string; name: string; description: string; location: string; startDate: string; endDate: string; organizationId: number;
}

export function serviceRecord(organizationId: number, i: number): ServiceRecord {
  const start = Date.UTC(2026, 6, 1, 8) + i * 60_000;
  return {
    id: randomUUID(), name: `Dienst ${i}`, description: 'Bench', location: 'Marktplatz',
    startDate: new Date(start).toISOString(), endDate: new Date(start + 8 * 3_600_000).toISOString(), organizationId,
  };
}

/** Wall time of each phase, and the server process's CPU time in it (`cpuMs`): the CPU figure moves little with the machine's load, the wall time a lot. */
interface Timing { pushNs: bigint; pullNs: bigint; pulled: number; pushCpuMs: number; pullCpuMs: number }

/** User + system CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Ours: one device pushes its outbox in batches of 200, then a fresh device pulls everything.
 * `env` starts the server on another database (bench/syncPostgres.ts).
 */
export async function measureOurs(records: (organizationId: number) => ServiceRecord[], env: Record<string, string> = {}): Promise<Timing & { dataDir: string; stop(): Promise<void> }> {
  const server = await startServer(await freePort(3300), undefined, env);
  try {
    const { client, organizationId } = await createOwner(server.url, 'bench-sync');
    // Warm-up on another device (JIT, statement cache), then the measured run: steady state.
    const warmDevice = randomUUID();
    for (let i = 0; i < warmUp; i += batchSize) {
      const mutations = Array.from({ length: batchSize }, (_, j) => ({ mutationId: randomUUID(), seq: i + j + 1, name: 'service.create', args: serviceRecord(organizationId, total + i + j), createdAt: new Date().toISOString() }));
      await client.call('POST', '/api/sync/push', { deviceId: warmDevice, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
    }
    const args = records(organizationId);
    const deviceId = randomUUID();
    // The device's outbox is ready before the clock starts, as it is on a tablet coming online.
    const batches: { body: string; lastSeq: number }[] = [];
    for (let i = 0; i < total; i += batchSize) {
      const mutations = args.slice(i, i + batchSize).map((a, j) => ({ mutationId: randomUUID(), seq: i + j + 1, name: 'service.create', args: a, createdAt: new Date().toISOString() }));
      batches.push({ body: JSON.stringify({ deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }), lastSeq: i + mutations.length });
    }
    const pid = server.process.pid;
    const pushCpu = cpuMs(pid);
    const pushStart = process.hrtime.bigint();
    for (const batch of batches) {
      const result = await client.call<{ lastSeq: number }>('POST', '/api/sync/push', batch.body);
      if (result.lastSeq !== batch.lastSeq) throw new Error('push incomplete');
    }
    const pushNs = process.hrtime.bigint() - pushStart;
    const pushCpuMs = cpuMs(pid) - pushCpu;

    // A full pull from cursor 0 as a fresh device does; once to warm up, then timed. It also
    // returns the warm-up rows: count what arrives, compare like with like.
    const pullAll = async () => {
      let cursor: string | undefined;
      let rows = 0;
      for (;;) {
        const page = await client.call<{ cursor: string; hasMore: boolean; changes: unknown[] }>('GET', `/api/sync/pull?limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
        rows += page.changes.length;
        cursor = page.cursor;
        if (!page.hasMore) return rows;
      }
    };
    await pullAll();
    const pullCpu = cpuMs(pid);
    const pullStart = process.hrtime.bigint();
    const pulled = await pullAll();
    const pullNs = process.hrtime.bigint() - pullStart;
    return { pushNs, pullNs, pulled, pushCpuMs, pullCpuMs: cpuMs(pid) - pullCpu, dataDir: server.dataDir, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Baseline: the same rows straight into a table of the same shape, one transaction; then read back as JSON. */
function measureRaw(dataDir: string, args: ServiceRecord[]): { insertNs: bigint; selectNs: bigint } {
  const raw = new SQLite(path.join(dataDir, 'raw.db'));
  try {
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.exec(`create table services (id text primary key, organization_id integer, name text, description text, location text, start_date text, end_date text,
      status text, is_blocked integer, access_code text, created_by_id integer, created_at text, updated_at text, version integer, field_versions text, needs_review integer)`);
    const insert = raw.prepare('insert into services values (?, ?, ?, ?, ?, ?, ?, ?, 0, null, 1, ?, ?, ?, ?, 0)');
    const insertStart = process.hrtime.bigint();
    raw.transaction(() => {
      args.forEach((a, i) => insert.run(a.id, a.organizationId, a.name, a.description, a.location, a.startDate, a.endDate, 'active', a.startDate, a.startDate, i + 1, '{}'));
    })();
    const insertNs = process.hrtime.bigint() - insertStart;
    const select = raw.prepare('select * from services where version > ? order by version limit ?');
    const selectStart = process.hrtime.bigint();
    let rows = 0;
    for (let from = 0; ; ) {
      const page = select.all(from, pageSize) as { version: number }[];
      JSON.stringify(page);
      rows += page.length;
      if (page.length < pageSize) break;
      from = page.at(-1)?.version ?? from;
    }
    if (rows !== args.length) throw new Error(`raw select read ${rows} rows`);
    return { insertNs, selectNs: process.hrtime.bigint() - selectStart };
  } finally {
    raw.close();
  }
}

async function measurePouch(args: ServiceRecord[], warmArgs: ServiceRecord[]): Promise<Timing> {
  const pouch = await startPouchServer(await freePort(3305));
  try {
    await createDatabase(pouch, 'bench');
    for (const body of bulkBodies(warmArgs, batchSize)) await pushBulk(pouch, 'bench', body);
    const bodies = bulkBodies(args, batchSize);
    const pushCpu = cpuMs(pouch.pid);
    const pushStart = process.hrtime.bigint();
    for (const body of bodies) await pushBulk(pouch, 'bench', body);
    const pushNs = process.hrtime.bigint() - pushStart;
    const pushCpuMs = cpuMs(pouch.pid) - pushCpu;
    await pullChanges(pouch, 'bench', pageSize);
    const pullCpu = cpuMs(pouch.pid);
    const pullStart = process.hrtime.bigint();
    const pulled = await pullChanges(pouch, 'bench', pageSize);
    const pullNs = process.hrtime.bigint() - pullStart;
    return { pushNs, pullNs, pulled, pushCpuMs, pullCpuMs: cpuMs(pouch.pid) - pullCpu };
  } finally {
    await pouch.stop();
  }
}

export const perSecond = (count: number, ns: bigint, unit: string) => `${formatNumber(rate(count, ns))} ${unit}/s (${seconds(ns).toFixed(2)} s)`;

/** Server CPU per unit, e.g. "41 µs per mutation (0.41 s)". */
export const cpuPer = (count: number, ms: number, unit: string) => `${((ms * 1000) / count).toFixed(1)} µs per ${unit} (${(ms / 1000).toFixed(2)} s)`;

export async function benchSync(): Promise<PartReport> {
  let args: ServiceRecord[] = [];
  const ours = await measureOurs((organizationId) => (args = Array.from({ length: total }, (_, i) => serviceRecord(organizationId, i))));
  let raw: { insertNs: bigint; selectNs: bigint };
  try {
    raw = measureRaw(ours.dataDir, args);
  } finally {
    await ours.stop();
  }
  const ourPush = { label: `push, ours (HTTP, batches of ${batchSize})`, value: perSecond(total, ours.pushNs, 'mutations') };
  const ourPull = { label: `pull, ours (${formatNumber(ours.pulled)} rows, pages of ${pageSize})`, value: perSecond(ours.pulled, ours.pullNs, 'rows') };
  const rawInsert = { label: 'insert, raw better-sqlite3 (1 transaction)', value: perSecond(total, raw.insertNs, 'rows') };
  const rawSelect = { label: `select + JSON, raw better-sqlite3 (pages of ${pageSize})`, value: perSecond(total, raw.selectNs, 'rows') };
  const versusRaw = [
    { label: 'push ours / raw insert', value: `${((Number(raw.insertNs) / Number(ours.pushNs)) * 100).toFixed(1)} %` },
    { label: 'pull ours / raw select', value: `${((rate(ours.pulled, ours.pullNs) / rate(total, raw.selectNs)) * 100).toFixed(1)} %` },
  ];
  const notes = [
    `The same ${formatNumber(total)} service records everywhere; before the clock starts each server gets ${formatNumber(warmUp)} warm-up records, which the pulls then return too (rows/s compares like with like). Each pull runs once untimed (warm-up), then timed.`,
    'Ours: the built server (apps/sync-server/dist) as its own process on 127.0.0.1, SQLite in WAL mode with `synchronous=FULL` (every batch is fsynced before the reply); push = `POST /api/sync/push` of one device\'s outbox, pull = `GET /api/sync/pull` from cursor 0 with a session cookie.',
    'Raw: better-sqlite3 in this process, no HTTP: one prepared insert per row in one transaction, then keyset-paged selects serialised to JSON.',
    'Server CPU: user + system time of the server process (/proc) during the timed phase, per unit. It moves far less with the machine\'s load than the wall time; the aims stay on the wall time.',
    `Ours pulls two rows per service (the service and its creator's team row): ${formatNumber(total + warmUp)} services arrive as ${formatNumber(2 * (total + warmUp))} rows.`,
  ];
  try {
    const pouch = await measurePouch(args, Array.from({ length: warmUp }, (_, i) => serviceRecord(args[0]?.organizationId ?? 1, total + i)));
    const pushRatio = Number(pouch.pushNs) / Number(ours.pushNs);
    const pullRatio = rate(ours.pulled, ours.pullNs) / rate(pouch.pulled, pouch.pullNs);
    const figures = [
      ourPush, { label: `push, pouchdb-server (_bulk_docs, batches of ${batchSize})`, value: perSecond(total, pouch.pushNs, 'docs') }, rawInsert,
      ourPull, { label: `pull, pouchdb-server (_changes + docs, ${formatNumber(pouch.pulled)} rows)`, value: perSecond(pouch.pulled, pouch.pullNs, 'rows') }, rawSelect,
      { label: 'push ours / pouchdb-server', value: `${pushRatio.toFixed(1)}×`, aim: `≥ ${aimRatio}×`, met: pushRatio >= aimRatio },
      { label: 'pull ours / pouchdb-server', value: `${pullRatio.toFixed(1)}×`, aim: `≥ ${aimRatio}×`, met: pullRatio >= aimRatio },
      ...versusRaw,
      { label: 'server CPU, push: ours / pouchdb-server', value: `${cpuPer(total, ours.pushCpuMs, 'mutation')} / ${cpuPer(total, pouch.pushCpuMs, 'doc')}` },
      { label: 'server CPU, pull: ours / pouchdb-server', value: `${cpuPer(ours.pulled, ours.pullCpuMs, 'row')} / ${cpuPer(pouch.pulled, pouch.pullCpuMs, 'row')}` },
    ];
    notes.push('pouchdb-server 4.2.0 (npm, bench-only devDependency) on its own port, LevelDB adapter (leveldown 5, prebuilt binary), request logging off; push = `POST /bench/_bulk_docs`, pull = `GET /bench/_changes?include_docs=true&limit=1000` paged by `since`. LevelDB writes without fsync (leveldown\'s default). Both servers answer uncompressed (`accept-encoding: identity`).');
    return { figures, notes };
  } catch (error) {
    const reason = `failed: ${error instanceof Error ? error.message : String(error)}`;
    const figures = [ourPush, rawInsert, ourPull, rawSelect, ...versusRaw, { label: 'ours / pouchdb-server', value: reason, aim: `≥ ${aimRatio}×`, met: false }];
    return { figures, notes };
  }
}
