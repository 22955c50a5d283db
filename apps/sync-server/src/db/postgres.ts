import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Db } from './connection';
import type { Database } from './database';

/**
 * pg returns 64-bit integers (int8: `count(*)`, the bigint columns) and numerics (`sum()` of
 * bigints) as strings, as they may not fit a JS number. Ids, versions and counts here stay far
 * below 2^53, and better-sqlite3 returns numbers: parse them so that the domain code sees the same
 * rows on both databases (db/dialect.ts). Per pool, not pg's global registry.
 */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);
types.setTypeParser(pg.types.builtins.NUMERIC, Number);

export interface PostgresOptions {
  /** Connections per process; a push holds one for its transaction. */
  poolSize?: number;
}

/**
 * Opens a pool on `url` (postgres://user:pass@host:port/database). Same Kysely setup as SQLite
 * (db/connection.ts): the camel-case plugin maps snake_case columns.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // A connection the database drops (restart, failover, network) must not end the process: pg
  // emits 'error' on the pool for an idle client and on the client itself for one checked out
  // between two queries (inside a transaction), where no listener would crash the process. The
  // query in flight fails on its own (the request answers 500, the device retries); the pool
  // discards the broken client (e2e/twoProcessFaults.spec.ts).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, pool };
}
