import { randomUUID } from 'node:crypto';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { afterAll, expect, it } from 'vitest';
import type { EventStreamLimits } from '../../src/config/config';
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

/** Two processes on the shared database; the owner of a service signed in on both. */
async function twoProcesses(username: string, eventStreamLimits: Partial<EventStreamLimits>) {
  if (!database) throw new Error('TEST_DATABASE_URL fehlt');
  const limits = { eventStreamLimits: { lifetimeMs: 60_000, ...eventStreamLimits } };
  const processA = await createTestApp({ postgresUrl: database.url, ...limits });
  const processB = await createTestApp({ postgresUrl: database.url, ...limits });
  const owner = await registeredClient(processA, username);
  const { id: organizationId } = await createOrganization(owner);
  const service = await createServiceVia(owner, organizationId);
  // The same session on B: sessions live in the shared database.
  const onB = new Client(processB);
  const login = await onB.post('/api/login', { username, password: 'Geheim-Sani-42' });
  expect(login.statusCode).toBe(200);
  return { processA, processB, owner, organizationId, service, onB };
}

it('a push on process A reaches a board streaming from process B', async () => {
  const { processA, processB, owner, service, onB } = await twoProcesses('olga', {});

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

it('counts a user\'s board streams across processes: full on A is full on B, free again when A\'s stream ends or A dies', async () => {
  const { processA, processB, owner, organizationId, service, onB } = await twoProcesses('berta', { perUser: 1 });
  const leases = () => processA.db.selectFrom('boardStreamLeases').select('id').execute();

  const onA = await openEventStream(await listening(processA), owner.cookieHeader, service.id);
  expect(onA.status).toBe(200);
  const refused = await onB.get(`/api/services/${service.id}/events`);
  expect([refused.statusCode, (refused.json<{ message: string }>()).message]).toEqual([429, 'Zu viele offene Lagetafeln. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.']);

  onA.close();
  await expect.poll(async () => (await leases()).length).toBe(0);
  const onBNow = await openEventStream(await listening(processB), onB.cookieHeader, service.id);
  expect(onBNow.status).toBe(200);
  onBNow.close();
  await expect.poll(async () => (await leases()).length).toBe(0);

  // A process that dies leaves its row; it stops counting once its renewal is overdue.
  await processA.db.insertInto('boardStreamLeases').values({
    id: randomUUID(), processId: randomUUID(), userId: (await processA.db.selectFrom('users').select('id').where('username', '=', 'berta').executeTakeFirstOrThrow()).id,
    organizationId, address: '127.0.0.1', expiresAt: new Date(Date.now() - 1000).toISOString(),
  }).execute();
  const afterDeath = await openEventStream(await listening(processB), onB.cookieHeader, service.id);
  expect(afterDeath.status).toBe(200);
  afterDeath.close();
});
