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

/** A LISTEN connection: `onMessage` per notification; `onReconnect` after a lost connection came back (notifications in between are lost). */
export interface PostgresListener {
  /** Settles once the first LISTEN ran (or failed and a retry is planned). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * One dedicated connection per process that LISTENs on `channel` (a pooled connection cannot: the
 * pool hands it to queries). A dropped connection is opened again after a second; the caller
 * learns of it through `onReconnect`, as notifications sent meanwhile did not reach it.
 */
export function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onReconnect: () => void): PostgresListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (isRetry: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, types });
    client = next;
    const reconnectLater = () => {
      if (closed || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect(true), 1000);
      retry.unref();
    };
    next.on('error', reconnectLater);
    next.on('end', reconnectLater);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    try {
      await next.connect();
      // The channel is ours (a constant), never user input: identifiers cannot be bound.
      await next.query(`listen ${channel}`);
      if (isRetry) onReconnect();
    } catch {
      await next.end().catch(() => undefined);
      reconnectLater();
    }
  };
  const ready = connect(false);
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
