import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { AppConfig } from '../config/config';
import { ConfigError } from '../config/config';
import type { Db } from '../db/connection';
import { openConfiguredDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
  }
}

/**
 * A PostgreSQL server that does not answer (wrong host, port, database or password) ends the start
 * with a German message naming DATABASE_URL, without the password.
 */
async function assertReachable(db: Db, url: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    const { hostname, port, pathname } = new URL(url);
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Ungültige Konfiguration:\n  DATABASE_URL: PostgreSQL-Datenbank ${pathname.slice(1)} auf ${hostname}:${port || '5432'} nicht erreichbar (${reason})`);
  }
}

/** Opens SQLite or PostgreSQL, runs the migrations and closes the database when the server closes. */
export const databasePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const db = openConfiguredDatabase(config);
    if (config.postgresUrl) await assertReachable(db, config.postgresUrl);
    await migrateToLatest(db);
    app.decorate('config', config);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
