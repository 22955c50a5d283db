import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateToLatest } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { databaseUrl, testDatabaseUrl } from './postgresUrl';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database every test app copies (PostgreSQL runs only). */
    postgresTemplate: string;
  }
}

/**
 * With TEST_DATABASE_URL set (postgres://…; scripts/test.sh), the server tests run on
 * PostgreSQL. The migrations run once, into a template database; each test app then gets its own
 * database copied from it (test/helpers/testDatabase.ts), dropped when the app closes.
 */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const admin = testDatabaseUrl();
  if (!admin) return undefined;
  const template = `sanidok_tpl_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${template}`);
  } finally {
    await client.end();
  }
  const { db } = openPostgres(databaseUrl(admin, template), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresTemplate', template);
  return async () => {
    const cleanup = new pg.Client({ connectionString: admin });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${template} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
}
