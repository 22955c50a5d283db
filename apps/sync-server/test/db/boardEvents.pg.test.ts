import { randomUUID } from 'node:crypto';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { afterAll, expect, it } from 'vitest';
import { listening, openEventStream } from '../helpers/eventStream';
import { createOrganization } from '../helpers/organizations';
import { createServiceVia } from '../helpers/services';
import { Client, createTestApp, registeredClient } from '../helpers/testApp';
import { createTestDatabase } from '../helpers/testDatabase';

/**
 * Board events across server processes (docs/sync-protocol.md "Board events"): a push
 * on process A reaches a board whose stream is open on process B, through PostgreSQL's
 * LISTEN/NOTIFY. Two apps with their own pools and LISTEN connections on one database.
 */

const database = await createTestDatabase();
afterAll(async () => {
  await database?.drop();
});

it('a push on process A reaches a board streaming from process B', async () => {
  if (!database) throw new Error('TEST_DATABASE_URL fehlt');
  const limits = { eventStreamLimits: { lifetimeMs: 60_000 } };
  const processA = await createTestApp({ postgresUrl: database.url, ...limits });
  const processB = await createTestApp({ postgresUrl: database.url, ...limits });
  const owner = await registeredClient(processA, 'olga');
  const { id: organizationId } = await createOrganization(owner);
  const service = await createServiceVia(owner, organizationId);
  // The same session on B: sessions live in the shared database.
  const onB = new Client(processB);
  const login = await onB.post('/api/login', { username: 'olga', password: 'Geheim-Sani-42' });
  expect(login.statusCode).toBe(200);

  const stream = await openEventStream(await listening(processB), onB.cookieHeader, service.id);
  const ready = await stream.waitFor((e) => e.event === 'ready');
  const push = await owner.post('/api/sync/push', {
    deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION,
    mutations: [{ mutationId: randomUUID(), seq: 1, name: 'diaryEntry.create', args: { id: randomUUID(), serviceId: service.id, text: 'Zelt 2 voll', occurredAt: new Date().toISOString() }, createdAt: new Date().toISOString() }],
  });
  expect(push.statusCode).toBe(200);
  const change = await stream.waitFor((e) => e.event === 'change');
  expect(Number(change.id)).toBeGreaterThan(Number(ready.id));
  expect(processB.boardEvents.streams.size).toBe(1);
  expect(processA.boardEvents.streams.size).toBe(0);
});
