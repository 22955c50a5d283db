import type SQLite from 'better-sqlite3';
import type { Db } from './connection';

/**
 * Direct statements for a sync push. A push holds SQLite's one connection for its whole batch
 * transaction (Kysely's driver serialises every query on it), so inside that transaction a
 * statement may run on the better-sqlite3 handle itself: same SQL, same transaction, without
 * Kysely's per-query promise chain (≈ 6 µs each, several per mutation). Only a transaction bound
 * here qualifies: anywhere else a direct statement could slip into another request's open
 * transaction, so every other caller keeps going through Kysely.
 */
const handles = new WeakMap<Db, SQLite.Database>();
const batches = new WeakMap<Db, SQLite.Database>();
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** Remembers the handle behind a Kysely instance (db/connection.ts, when it opens the file). */
export function registerHandle(db: Db, sqlite: SQLite.Database): void {
  handles.set(db, sqlite);
}

/** Binds a batch transaction of `db` to its handle; false when `db` was not opened by openDatabase. */
export function bindBatch(db: Db, trx: Db): boolean {
  const sqlite = handles.get(db);
  if (sqlite) batches.set(trx, sqlite);
  return sqlite !== undefined;
}

/** The handle while `db` is a bound batch transaction, else undefined (use Kysely). */
export function batchHandle(db: Db): SQLite.Database | undefined {
  return batches.get(db);
}

/** Runs `text` on the handle with positional values; a prepared statement per text and handle. */
export function runDirect(sqlite: SQLite.Database, text: string, values: readonly unknown[] = []): unknown[] {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map<string, SQLite.Statement>()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = sqlite.prepare(text)));
  if (statement.reader) return statement.all(values);
  statement.run(values);
  return [];
}
