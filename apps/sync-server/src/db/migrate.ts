import { Migrator } from 'kysely/migration';
import type { Db } from './connection';
import { migrationProvider } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  // The migrations speak snake_case SQL themselves; the camel-case plugin stays out of them.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Datenbank-Migration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
