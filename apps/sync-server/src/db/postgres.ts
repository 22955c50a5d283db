import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Db } from './connection';
import type { Database } from './database';

/** OIDs of int8 (`count(*)`, bigint columns) and numeric (`sum()` of bigints). */
const int8 = 20;
const numeric = 1700;

/**
 * pg returns 64-bit integers and numerics as strings (they may not fit a JS number). Versions,
 * ids and counts here stay far below 2^53, and better-sqlite3 returns numbers: parse them so the
 * domain code sees the same rows on both databases (db/dialect.ts).
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === int8 || oid === numeric) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

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
  // An idle connection that the server drops (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, pool };
}
