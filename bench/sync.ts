/**
 * bench/sync: push and pull of 10,000 service mutations through the real HTTP endpoints of the
 * built server on loopback, against raw better-sqlite3 inserts of the same rows. Prints figures;
 * asserts nothing (performance is measured, not tested).
 *
 *   pnpm bench:sync      (builds the server first)
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BenchClient, machine, rate, startServer } from './lib';

const total = Number(process.env.BENCH_ROWS ?? 10_000);
const batchSize = 200;
const warmUp = 2_000;
const port = 3900 + Math.floor(Math.random() * 90);

function serviceArgs(organizationId: number, i: number) {
  const start = Date.UTC(2026, 6, 1, 8) + i * 60_000;
  return {
    id: randomUUID(), name: `Dienst ${i}`, description: 'Bench', location: 'Marktplatz',
    startDate: new Date(start).toISOString(), endDate: new Date(start + 8 * 3_600_000).toISOString(), organizationId,
  };
}

async function main(): Promise<void> {
  const server = await startServer(port);
  try {
    const client = new BenchClient(server.url);
    await client.call('POST', '/api/register', { username: 'bench', email: 'bench@example.de', password: 'bench-passwort' });
    const { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } = await import('@sanidok/crypto');
    const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    const org = await client.call<{ id: number }>('POST', '/api/organizations', { name: 'Bench-Org', ...keys });

    // Warm-up on another device (JIT, statement cache), then the measured run: steady state.
    const warmDevice = randomUUID();
    for (let i = 0; i < warmUp; i += batchSize) {
      const mutations = Array.from({ length: batchSize }, (_, j) => ({ mutationId: randomUUID(), seq: i + j + 1, name: 'service.create', args: serviceArgs(org.id, total + i + j), createdAt: new Date().toISOString() }));
      await client.call('POST', '/api/sync/push', { deviceId: warmDevice, schemaVersion: 1, mutations });
    }

    const args = Array.from({ length: total }, (_, i) => serviceArgs(org.id, i));
    const deviceId = randomUUID();
    // The device's outbox is ready before the clock starts, as it is on a tablet coming online.
    const batches: { body: string; lastSeq: number }[] = [];
    for (let i = 0; i < total; i += batchSize) {
      const mutations = args.slice(i, i + batchSize).map((a, j) => ({ mutationId: randomUUID(), seq: i + j + 1, name: 'service.create', args: a, createdAt: new Date().toISOString() }));
      batches.push({ body: JSON.stringify({ deviceId, schemaVersion: 1, mutations }), lastSeq: i + mutations.length });
    }

    const pushStart = process.hrtime.bigint();
    for (const batch of batches) {
      const result = await client.call<{ lastSeq: number }>('POST', '/api/sync/push', batch.body);
      if (result.lastSeq !== batch.lastSeq) throw new Error('Push unvollständig');
    }
    const pushNs = process.hrtime.bigint() - pushStart;

    const pullStart = process.hrtime.bigint();
    let cursor: string | undefined;
    let pulled = 0;
    // The first pull also returns the warm-up rows; count what arrives, compare like with like.
    for (;;) {
      const page = await client.call<{ cursor: string; hasMore: boolean; changes: unknown[] }>('GET', `/api/sync/pull?limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      pulled += page.changes.length;
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const pullNs = process.hrtime.bigint() - pullStart;

    // Baseline: the same rows straight into the same table, one transaction, prepared statement.
    const raw = new SQLite(path.join(server.dataDir, 'raw.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.exec(`create table services (id text primary key, organization_id integer, name text, description text, location text, start_date text, end_date text,
      status text, is_blocked integer, access_code text, created_by_id integer, created_at text, updated_at text, version integer, field_versions text, needs_review integer)`);
    const insert = raw.prepare('insert into services values (?, ?, ?, ?, ?, ?, ?, ?, 0, null, 1, ?, ?, ?, ?, 0)');
    const rawStart = process.hrtime.bigint();
    raw.transaction(() => {
      args.forEach((a, i) => insert.run(a.id, a.organizationId, a.name, a.description, a.location, a.startDate, a.endDate, 'active', a.startDate, a.startDate, i + 1, '{}'));
    })();
    const rawNs = process.hrtime.bigint() - rawStart;
    raw.close();

    const pushRate = rate(total, pushNs);
    const rawRate = rate(total, rawNs);
    const rows = [
      ['push über HTTP (Batches à 200)', `${pushRate.toLocaleString('de-DE')} Mutationen/s`],
      ['rohe better-sqlite3-Inserts (1 Transaktion)', `${rawRate.toLocaleString('de-DE')} Zeilen/s`],
      ['Verhältnis push / roh', `${((pushRate / rawRate) * 100).toFixed(1)} %`],
      [`pull ab Cursor 0 (${pulled} Zeilen, Seiten à 1000)`, `${rate(pulled, pullNs).toLocaleString('de-DE')} Zeilen/s`],
    ];
    console.log(`\nbench/sync — ${total} Mutationen, ${machine()}`);
    for (const [label, value] of rows) console.log(`  ${label?.padEnd(48)} ${value}`);
  } finally {
    await server.stop();
  }
}

await main();
