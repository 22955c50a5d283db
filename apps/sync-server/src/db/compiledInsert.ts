import type { Insertable } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Db } from './connection';
import type { Database } from './database';

const compiled = new Map<string, string>();

/**
 * INSERT for hot paths (a sync push creates thousands of rows): Kysely builds and compiles the
 * statement once per table and column set; later rows only bind their values. Same SQL as
 * `db.insertInto(table).values(row)`, so the types and the camel-case mapping stay Kysely's.
 */
export async function insertRow<T extends keyof Database & string>(db: Db, table: T, row: Insertable<Database[T]>): Promise<void> {
  const entries = Object.entries(row as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const key = `${table}:${entries.map(([column]) => column).join(',')}`;
  let text = compiled.get(key);
  if (!text) {
    text = db.insertInto(table).values(row).compile().sql;
    compiled.set(key, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, entries.map(([, value]) => value)));
}

/** A fixed statement without Kysely's builder: for savepoints and counters run per mutation. */
export function rawStatement(text: string): (db: Db) => Promise<unknown[]> {
  const query = CompiledQuery.raw(text, []);
  return async (db) => (await db.executeQuery(query)).rows;
}
