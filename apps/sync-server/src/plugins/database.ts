import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/connection';
import { openConfiguredDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
  }
}

/** Opens SQLite or PostgreSQL, runs the migrations and closes the database when the server closes. */
export const databasePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const db = openConfiguredDatabase(config);
    await migrateToLatest(db);
    app.decorate('config', config);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
