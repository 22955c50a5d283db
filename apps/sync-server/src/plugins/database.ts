import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
  }
}

/** Opens SQLite, runs the migrations and closes the file when the server closes. */
export const databasePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const { db } = openDatabase(config.databasePath);
    await migrateToLatest(db);
    app.decorate('config', config);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
