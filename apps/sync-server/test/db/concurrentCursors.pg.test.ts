import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { createOrganization } from '../helpers/organizations';
import { servicePayload } from '../helpers/services';
import { json } from '../helpers/json';
import { Client, createTestApp, registeredClient, validRegistration } from '../helpers/testApp';
import { createTestDatabase } from '../helpers/testDatabase';

/**
 * PostgreSQL only (vitest.config.ts): SQLite has one writer, so its versions are commit-ordered by
 * construction. Here three server instances, each with its own connection pool, share one
 * database like three processes behind a proxy (docs/sync-protocol.md, "Versions in commit
 * order"). Devices push batches into one organisation at once through all of them while other
 * devices pull in a loop. A version taken by a transaction that commits after a later one would
 * make a puller pass it: the test fails on a missing row or a version at or below a cursor.
 */
const processes = 3;
const writers = 6;
const batchesPerWriter = 8;
const batchSize = 5;
const pullers = 3;

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

const decode = (cursor: string): Record<string, number> => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, number>;

async function signIn(app: FastifyInstance, username: string): Promise<Client> {
  const client = new Client(app);
  const response = await client.post('/api/login', { username, password: validRegistration(username).password });
  if (response.statusCode !== 200) throw new Error(`Anmeldung fehlgeschlagen: ${response.body}`);
  return client;
}

it('hands out versions in commit order: concurrent pushes through three processes, pullers never skip a row', async () => {
  const database = await createTestDatabase();
  if (!database) throw new Error('nur mit TEST_DATABASE_URL=postgres://…');
  cleanup.push(database.drop);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < processes; i += 1) apps.push(await createTestApp({ postgresUrl: database.url }));
  // The apps close when the test ends (test/helpers/testApp.ts); the database drops after the file.
  const owner = await registeredClient(apps[0] as FastifyInstance, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const organization = String(orgId);
  const clients: Client[] = [];
  for (let i = 0; i < processes; i += 1) clients.push(await signIn(apps[i] as FastifyInstance, 'olga'));
  const client = (i: number) => clients[i % processes] as Client;

  const created = new Set<string>();
  let writing = true;
  const push = async (w: number) => {
    const deviceId = randomUUID();
    let seq = 0;
    for (let b = 0; b < batchesPerWriter; b += 1) {
      const mutations = Array.from({ length: batchSize }, () => {
        const args = servicePayload(orgId, { name: `Dienst ${String(w)}-${String(seq)}` });
        seq += 1;
        return { mutationId: randomUUID(), seq, name: 'service.create', args, createdAt: new Date().toISOString(), id: args.id };
      });
      const response = await client(w + b).post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: mutations.map(({ id: _id, ...m }) => m) });
      expect(response.statusCode).toBe(200);
      expect(json<PushResponse>(response).results.map((r) => r.status)).toEqual(mutations.map(() => 'applied'));
      for (const m of mutations) created.add(m.id);
    }
  };

  const seen = Array.from({ length: pullers }, () => new Set<string>());
  const pull = async (p: number) => {
    let cursor: string | undefined;
    let passed = 0;
    let pulls = 0;
    const once = async () => {
      const query = new URLSearchParams(cursor ? { cursor, limit: '7' } : { limit: '7' });
      const response = await client(p + pulls).get(`/api/sync/pull?${query.toString()}`);
      pulls += 1;
      expect(response.statusCode).toBe(200);
      const body = json<PullResponse>(response);
      for (const change of body.changes) {
        // Never a version at or below a cursor this device already passed.
        expect(change.version).toBeGreaterThan(passed);
        if (change.entity === 'service') seen[p]?.add(change.id);
      }
      cursor = body.cursor;
      const next = decode(body.cursor)[organization] ?? 0;
      expect(next).toBeGreaterThanOrEqual(passed);
      passed = next;
      return body.hasMore;
    };
    while (writing) await once();
    // Every push has been acknowledged: drain what is left.
    while (await once());
    return pulls;
  };

  const pulling = Array.from({ length: pullers }, (_, p) => pull(p));
  await Promise.all(Array.from({ length: writers }, (_, w) => push(w)));
  writing = false;
  const pulls = await Promise.all(pulling);

  expect(created.size).toBe(writers * batchesPerWriter * batchSize);
  for (const ids of seen) expect([...ids].sort()).toEqual([...created].sort());
  // The pullers really ran alongside the pushes, not only after them.
  for (const count of pulls) expect(count).toBeGreaterThan(2);
  const versions = await apps[0]?.db.selectFrom('services').select('version').execute();
  expect(new Set(versions?.map((v) => v.version)).size).toBe(created.size);
}, 120_000);
