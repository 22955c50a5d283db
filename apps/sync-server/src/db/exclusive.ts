import { sql } from 'kysely';
import type { Db } from './connection';
import { isPostgres } from './dialect';

/**
 * Runs `work` in at most one server process at a time. SQLite has one process per file: it runs
 * at once. On PostgreSQL, where several processes share the database (docs/deployment.md), a
 * session advisory lock named after `name` decides: a process that finds it taken skips the run
 * (undefined) instead of queueing, as the holder is doing the same work right now.
 */
export async function runExclusive<T>(db: Db, name: string, work: (db: Db) => Promise<T>): Promise<T | undefined> {
  if (!isPostgres(db)) return work(db);
  const key = `sanidok:${name}`;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return undefined;
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
