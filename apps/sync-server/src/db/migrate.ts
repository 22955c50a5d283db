import { Migrator } from 'kysely/migration';
import type { Db } from './connection';
import { isPostgres, PostgresSchemaPlugin } from './dialect';
import { migrationProvider } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  // The migrations speak snake_case SQL themselves; the camel-case plugin stays out of them.
  // On PostgreSQL their SQLite column types are translated in one place (db/dialect.ts). Two
  // processes migrating at once: Kysely's Migrator holds a PostgreSQL advisory lock for the run,
  // so the second waits and then finds nothing left to do.
  const bare = db.withoutPlugins();
  const migrator = new Migrator({ db: isPostgres(db) ? bare.withPlugin(new PostgresSchemaPlugin()) : bare, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Datenbank-Migration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
