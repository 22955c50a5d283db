import type { Insertable } from 'kysely';
import { CompiledQuery } from 'kysely';
import { batchHandle, runDirect } from './batchConnection';
import type { Db } from './connection';
import type { Database } from './database';
import { dialectOf, placeholders } from './dialect';

const compiled = new Map<string, string>();

/**
 * INSERT for hot paths (a sync push creates thousands of rows): Kysely builds and compiles the
 * statement once per table and column set; later rows only bind their values. Same SQL as
 * `db.insertInto(table).values(row)`, so the types and the camel-case mapping stay Kysely's.
 */
export async function insertRow<T extends keyof Database>(db: Db, table: T, row: Insertable<Database[T]>): Promise<void> {
  const entries = Object.entries(row as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const key = `${dialectOf(db)}:${table}:${entries.map(([column]) => column).join(',')}`;
  let text = compiled.get(key);
  if (!text) {
    text = db.insertInto(table).values(row).compile().sql;
    compiled.set(key, text);
  }
  const values = entries.map(([, value]) => value);
  // Inside a sync push's batch transaction: straight on the connection (db/batchConnection.ts).
  const sqlite = batchHandle(db);
  if (sqlite) runDirect(sqlite, text, values);
  else await db.executeQuery(CompiledQuery.raw(text, values));
}

/**
 * A fixed statement without Kysely's builder: for savepoints and counters run per mutation. Rows
 * come back with the column names as written in `text` (no camel-case mapping; quote camel-case
 * aliases, `as "userId"`, or PostgreSQL folds them to lower case). Values bind to `?`
 * placeholders, numbered for PostgreSQL (db/dialect.ts).
 */
export function rawStatement(text: string): (db: Db, values?: readonly unknown[]) => Promise<unknown[]> {
  return async (db, values) => {
    const sqlite = batchHandle(db);
    if (sqlite) return runDirect(sqlite, text, values);
    const statement = dialectOf(db) === 'postgres' ? placeholders(text) : text;
    return (await db.executeQuery(CompiledQuery.raw(statement, values ? [...values] : []))).rows;
  };
}
