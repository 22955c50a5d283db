import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection';
import { runExclusive } from '../../src/db/exclusive';
import { migrateToLatest } from '../../src/db/migrate';
import { migrationProvider } from '../../src/db/migrations';
import { openPostgres } from '../../src/db/postgres';
import { deliverQueuedMails } from '../../src/domain/mail/mailer';
import { Client, createTestApp, registeredClient } from '../helpers/testApp';
import { createTestDatabase } from '../helpers/testDatabase';

/**
 * PostgreSQL only (vitest.config.ts): several server processes on one database
 * (docs/deployment.md). Each "process" here is its own app and connection pool, as a process would
 * have; what they share is only the database.
 */
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function sharedDatabase(options?: { migrated: boolean }): Promise<string> {
  const database = await createTestDatabase(options);
  if (!database) throw new Error('nur mit TEST_DATABASE_URL=postgres://…');
  cleanup.push(database.drop);
  return database.url;
}

function pool(url: string): Db {
  const { db } = openPostgres(url, { poolSize: 3 });
  cleanup.push(() => db.destroy());
  return db;
}

describe('several server processes on one PostgreSQL database', () => {
  it('migrates once when two processes start at the same time: one runs the migrations, the other waits and finds nothing to do', async () => {
    const url = await sharedDatabase({ migrated: false });
    const [a, b] = [pool(url), pool(url)];
    await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
    const names = Object.keys(await migrationProvider.getMigrations());
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a);
    expect(applied.rows.map((r) => r.name)).toEqual(names);
    const state = await sql<{ version: number }>`select version from sync_state`.execute(b);
    expect(state.rows).toEqual([{ version: 0 }]);
  });

  it('runs a job in one process at a time; the other skips while it holds the lock', async () => {
    const url = await sharedDatabase();
    const [a, b] = [pool(url), pool(url)];
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusive(a, 'job:test', async () => {
      started();
      await holding;
      return 'a';
    });
    await running;
    expect(await runExclusive(b, 'job:test', () => Promise.resolve('b'))).toBeUndefined();
    // Another job's name is another lock.
    expect(await runExclusive(b, 'job:other', () => Promise.resolve('b'))).toBe('b');
    release();
    expect(await first).toBe('a');
    expect(await runExclusive(b, 'job:test', () => Promise.resolve('b'))).toBe('b');
  });

  it('hands each queued mail to one process only', async () => {
    const url = await sharedDatabase();
    const [a, b] = [pool(url), pool(url)];
    const mails = Array.from({ length: 120 }, (_, i) => ({ templateName: 'password_reset', toEmail: `person${String(i)}@example.de`, variables: '{}', createdAt: new Date().toISOString() }));
    await a.insertInto('emailOutbox').values(mails).execute();
    // No SMTP configuration is active: every mail taken out of the outbox is logged with that error, once.
    const key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const [sentA, sentB] = await Promise.all([deliverQueuedMails(a, key, 7), deliverQueuedMails(b, key, 7)]);
    expect(sentA + sentB).toBe(0);
    const logged = await a.selectFrom('emailLogs').select('toEmail').execute();
    expect(logged.map((l) => l.toEmail).sort()).toEqual(mails.map((m) => m.toEmail).sort());
    expect(await a.selectFrom('emailOutbox').select('id').execute()).toEqual([]);
  });

  it('counts sign-in attempts per address across processes: the limit holds for all of them together', async () => {
    const url = await sharedDatabase();
    const apps = [await createTestApp({ postgresUrl: url, authRateLimit: 4 }), await createTestApp({ postgresUrl: url, authRateLimit: 4 })];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const app = apps[i % 2] as FastifyInstance;
      const response = await app.inject({ method: 'POST', url: '/api/login', headers: { 'x-sanidok-client': 'test' }, payload: { username: `niemand${String(i)}`, password: 'falsch-falsch' } });
      statuses.push(response.statusCode);
    }
    // Four attempts in the minute in total, not four per process.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('slows an account and address down after five wrong passwords, wherever they were typed', async () => {
    const url = await sharedDatabase();
    const apps = [await createTestApp({ postgresUrl: url }), await createTestApp({ postgresUrl: url })];
    await registeredClient(apps[0] as FastifyInstance, 'olga');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await new Client(apps[i % 2] as FastifyInstance).post('/api/login', { username: 'olga', password: 'falsch-falsch' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password waits too, on either process.
    const right = await new Client(apps[1] as FastifyInstance).post('/api/login', { username: 'olga', password: 'Geheim-Sani-42' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('keeps a session valid on every process: signed in on one, recognised on the other', async () => {
    const url = await sharedDatabase();
    const apps: FastifyInstance[] = [await createTestApp({ postgresUrl: url }), await createTestApp({ postgresUrl: url })];
    await registeredClient(apps[0] as FastifyInstance, 'olga');
    const login = await new Client(apps[0] as FastifyInstance).request({ method: 'POST', url: '/api/login', payload: { username: 'olga', password: 'Geheim-Sani-42' } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'sanidok_session');
    const other = await (apps[1] as FastifyInstance).inject({ method: 'GET', url: '/api/user', headers: { 'x-sanidok-client': 'test', cookie: `sanidok_session=${String(cookie?.value)}` } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ username: 'olga' });
  });
});
