/**
 * bench/syncPostgres: bench/sync's push and pull of the same 10,000 records with the built server
 * on PostgreSQL (DATABASE_URL=postgres://…), against raw `pg` (insert and select of the
 * same rows in the same database server). Measures; asserts nothing.
 *
 *   pnpm bench syncpg      (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { formatNumber, rate } from './lib';
import type { PartReport } from './report';
import type { ServiceRecord } from './sync';
import { cpuPer, measureOurs, pageSize, perSecond, serviceRecord, total } from './sync';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Baseline: the same rows into a table of the same shape with one prepared insert each, one transaction; then keyset-paged selects as JSON. */
async function measureRaw(url: string, args: ServiceRecord[]): Promise<{ insertNs: bigint; selectNs: bigint }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create table raw_services (id text primary key, organization_id bigint, name text, description text, location text, start_date text, end_date text,
      status text, is_blocked bigint, access_code text, created_by_id bigint, created_at text, updated_at text, version bigint, field_versions text, needs_review bigint)`);
    await client.query('create index raw_services_version on raw_services (version)');
    const insertStart = process.hrtime.bigint();
    await client.query('begin');
    for (const [i, a] of args.entries()) {
      await client.query({
        name: 'raw-insert', text: 'insert into raw_services values ($1, $2, $3, $4, $5, $6, $7, $8, 0, null, 1, $9, $10, $11, $12, 0)',
        values: [a.id, a.organizationId, a.name, a.description, a.location, a.startDate, a.endDate, 'active', a.startDate, a.startDate, i + 1, '{}'],
      });
    }
    await client.query('commit');
    const insertNs = process.hrtime.bigint() - insertStart;
    const selectStart = process.hrtime.bigint();
    let rows = 0;
    for (let from = 0; ; ) {
      const page = (await client.query<{ version: string }>({ name: 'raw-select', text: 'select * from raw_services where version > $1 order by version limit $2', values: [from, pageSize] })).rows;
      JSON.stringify(page);
      rows += page.length;
      if (page.length < pageSize) break;
      from = Number(page.at(-1)?.version ?? from);
    }
    if (rows !== args.length) throw new Error(`raw select read ${rows} rows`);
    return { insertNs, selectNs: process.hrtime.bigint() - selectStart };
  } finally {
    await client.end();
  }
}

export async function benchSyncPostgres(): Promise<PartReport> {
  const name = `sanidok_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  try {
    let args: ServiceRecord[] = [];
    const env = { DATABASE_URL: databaseUrl(name), SESSION_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('base64url') };
    const ours = await measureOurs((organizationId) => (args = Array.from({ length: total }, (_, i) => serviceRecord(organizationId, i))), env);
    let raw: { insertNs: bigint; selectNs: bigint };
    try {
      raw = await measureRaw(databaseUrl(name), args);
    } finally {
      await ours.stop();
    }
    return {
      figures: [
        { label: 'push, ours on PostgreSQL (HTTP, batches of 200)', value: perSecond(total, ours.pushNs, 'mutations') },
        { label: 'insert, raw pg (prepared, 1 transaction)', value: perSecond(total, raw.insertNs, 'rows') },
        { label: `pull, ours on PostgreSQL (${formatNumber(ours.pulled)} rows, pages of ${pageSize})`, value: perSecond(ours.pulled, ours.pullNs, 'rows') },
        { label: `select + JSON, raw pg (pages of ${pageSize})`, value: perSecond(total, raw.selectNs, 'rows') },
        { label: 'push ours / raw insert', value: `${((Number(raw.insertNs) / Number(ours.pushNs)) * 100).toFixed(1)} %` },
        { label: 'pull ours / raw select', value: `${((rate(ours.pulled, ours.pullNs) / rate(total, raw.selectNs)) * 100).toFixed(1)} %` },
        { label: 'server CPU, push / pull', value: `${cpuPer(total, ours.pushCpuMs, 'mutation')} / ${cpuPer(ours.pulled, ours.pullCpuMs, 'row')}` },
      ],
      notes: [
        'As bench/sync, with the built server on PostgreSQL 15 on the same machine (DATABASE_URL=postgres://…, one process, pool of 10): every push is one transaction committed before the reply; versions under the counter row lock (docs/sync-protocol.md).',
        'Raw: node-postgres in this process, no HTTP: one prepared insert per row (a round trip each) in one transaction, then keyset-paged selects serialised to JSON, in the same database.',
      ],
    };
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
