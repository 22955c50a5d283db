// The ProvidedContext augmentation (postgresTemplate) must be seen wherever this file is compiled, the PWA's integration tests included.
import type {} from './postgresGlobalSetup';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl, testDatabaseUrl } from './postgresUrl';

export { testDatabaseUrl } from './postgresUrl';

let admin: pg.Pool | undefined;

function adminPool(url: string): pg.Pool {
  admin ??= new pg.Pool({ connectionString: url, max: 2 });
  return admin;
}

/**
 * A fresh database for one test app on PostgreSQL, copied from the migrated template of
 * ./postgresGlobalSetup.ts (a copy costs a fraction of running the migrations); `drop` removes
 * it. Undefined when the tests run on SQLite.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = testDatabaseUrl();
  if (!base) return undefined;
  const name = `sanidok_t_${randomBytes(6).toString('hex')}`;
  const pool = adminPool(base);
  // `migrated: false`: an empty database, for tests of the migrations themselves.
  await pool.query(migrated ? `create database ${name} template ${inject('postgresTemplate')}` : `create database ${name}`);
  return {
    url: databaseUrl(base, name),
    drop: async () => {
      await pool.query(`drop database if exists ${name} with (force)`);
    },
  };
}
