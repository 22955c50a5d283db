import { PUSH_BATCH_MAX, SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it, vi } from 'vitest';
import { createService, updateService } from '../../src/data/repositories/services';
import { useSyncStore } from '../../src/sync/syncStore';
import { createEngine, FakeServer, openTestDb, seedOrganizations, serverService, startAndSettle, syncAgain, validService } from '../helpers/sync';

async function createMany(count: number, name = 'Stadtfest Musterstadt'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await createService({ ...validService(), name }));
  return ids;
}

describe('push', () => {
  it('drains the outbox in ascending batches of at most PUSH_BATCH_MAX', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(450);
    const harness = createEngine(db);
    await startAndSettle(harness);

    const { pushes, applied } = harness.server;
    expect(pushes.map((p) => p.mutations.length)).toEqual([PUSH_BATCH_MAX, PUSH_BATCH_MAX, 50]);
    expect(pushes[0]).toMatchObject({ deviceId: await db.getMeta('deviceId'), schemaVersion: SYNC_SCHEMA_VERSION });
    expect(applied.map((m) => m.seq)).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect(await db.outbox.count()).toBe(0);
    // Pushed rows stay as the device wrote them until the pull brings the server's copy.
    expect(await db.services.count()).toBe(450);
  });

  it('settles duplicates of an earlier, lost reply without applying anything twice', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(3);
    const harness = createEngine(db);
    harness.server.loseNextReply = true;
    await startAndSettle(harness);
    // The server committed, the device did not hear it: everything is still pending.
    expect(harness.server.applied).toHaveLength(3);
    expect(await db.outbox.count()).toBe(3);

    await createMany(1);
    await syncAgain(harness);
    const [, resend] = harness.server.pushes;
    expect(resend?.mutations.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(harness.server.applied.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('resends from the reply’s lastSeq when the server settled only part of a batch', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(5);
    const server = new FakeServer();
    const push = server.push.bind(server);
    let first = true;
    server.push = (request) => {
      // A server that stops early (e.g. at its own limit) answers for the first three only.
      const trimmed = first ? { ...request, mutations: request.mutations.slice(0, 3) } : request;
      first = false;
      return push(trimmed);
    };
    const harness = createEngine(db, { server });
    await startAndSettle(harness);
    expect(server.pushes.map((p) => p.mutations.map((m) => m.seq))).toEqual([[1, 2, 3], [4, 5]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('closes a real gap by renumbering the remaining rows after lastSeq', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(6);
    // The server lost mutations 1–4 (restored backup) after the device had already dropped them.
    await db.outbox.bulkDelete([1, 2, 3, 4]);
    const [five, six] = await db.outbox.toArray();
    const harness = createEngine(db);
    await startAndSettle(harness);

    expect(harness.server.pushes[0]?.mutations.map((m) => m.seq)).toEqual([5, 6]);
    expect(harness.server.applied.map((m) => [m.seq, m.mutationId])).toEqual([
      [1, five?.mutationId],
      [2, six?.mutationId],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBe(2);
  });

  it('keeps a rejected create with its reason and removes its local row', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const [ok] = await createMany(1);
    const [refused] = await createMany(1, 'Gesperrter Dienst');
    const harness = createEngine(db);
    harness.server.reject = (m) => ((m.args as { name?: string }).name === 'Gesperrter Dienst' ? 'Die Organisation ist gesperrt.' : undefined);
    await startAndSettle(harness);

    expect(await db.services.get(refused ?? '')).toBeUndefined();
    expect(await db.services.get(ok ?? '')).toBeDefined();
    const rows = await db.outbox.toArray();
    expect(rows).toEqual([expect.objectContaining({ seq: 2, status: 'rejected', message: 'Die Organisation ist gesperrt.', code: 'FORBIDDEN', rejectedAt: '2026-06-01T10:00:00.000Z' })]);
    await vi.waitFor(() => {
      expect(useSyncStore.getState().rejected).toEqual([expect.objectContaining({ name: 'service.create', message: 'Die Organisation ist gesperrt.' })]);
    });
    expect(useSyncStore.getState().pendingCount).toBe(0);
    // A rejected row is settled: it is never sent again.
    await syncAgain(harness);
    expect(harness.server.pushes).toHaveLength(1);
  });

  it('restores the server row after a rejected update by pulling everything again', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const id = '00000000-0000-7000-8000-000000000001';
    await db.services.put(serverService(id, 1, { name: 'Original' }));
    await db.setMeta('cursor', 'c-old');
    await db.setMeta('cursorEntities', ['service', 'material']);
    await updateService(id, { name: 'Abgelehnt' });
    const harness = createEngine(db);
    harness.server.reject = () => 'Dieser Dienst ist gesperrt.';
    harness.server.pages = [{ cursor: 'c-full', hasMore: false, organizations: harness.server.organizations, patientDataServices: [], changes: [{ entity: 'service', op: 'upsert', id, organizationId: 1, version: 10, data: serverService(id, 1, { name: 'Original' }) }] }];
    await startAndSettle(harness);
    expect(harness.server.pulls[0]?.cursor).toBeUndefined();
    expect(await db.services.get(id)).toMatchObject({ name: 'Original' });
  });
});

describe('failures, backoff and batch size', () => {
  it('backs off 1 s doubling to 60 s, and returns to the 5 s rhythm after success', async () => {
    const db = openTestDb();
    const harness = createEngine(db);
    for (let i = 0; i < 8; i += 1) harness.server.pullFailures.push({ ok: false, status: 0, message: 'offline' });
    await startAndSettle(harness);
    const delays: (number | undefined)[] = [harness.scheduler.pendingDelay];
    for (let i = 0; i < 8; i += 1) {
      harness.scheduler.fireNext();
      await harness.engine.idle();
      delays.push(harness.scheduler.pendingDelay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 5000]);
    expect(useSyncStore.getState()).toMatchObject({ state: 'idle', online: true });
  });

  it('does not hammer a failing server on local writes, but retries at once when back online', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const harness = createEngine(db);
    harness.server.failNext(0).failNext(0);
    await createMany(1);
    await startAndSettle(harness);
    expect(useSyncStore.getState().online).toBe(false);
    await createMany(1);
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(2);
  });

  it('halves the batch on 413 and 5xx, and grows it back after success', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(250);
    const harness = createEngine(db);
    harness.server.failNext(413, 'Zu groß', 'PAYLOAD_TOO_LARGE').failNext(503, 'Wartung');
    await startAndSettle(harness);
    expect(useSyncStore.getState()).toMatchObject({ state: 'error', message: 'Zu groß' });
    harness.scheduler.fireNext();
    await harness.engine.idle();
    harness.scheduler.fireNext();
    await harness.engine.idle();
    expect(harness.server.pushes.map((p) => p.mutations.length)).toEqual([200, 100, 50, 100, 100]);
    expect(harness.server.applied).toHaveLength(250);
    expect(harness.engine.batchSize).toBe(PUSH_BATCH_MAX);
  });

  it('pauses on 401 while capture keeps working, and waits for the next sign-in', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(1);
    const harness = createEngine(db);
    harness.server.failNext(401, 'Nicht angemeldet', 'UNAUTHENTICATED');
    await startAndSettle(harness);
    expect(useSyncStore.getState().state).toBe('auth-required');
    expect(harness.scheduler.timers.size).toBe(0);

    await createMany(1);
    window.dispatchEvent(new Event('online'));
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);
  });

  it('shows a schema mismatch, keeps the outbox and stops trying', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(2);
    const harness = createEngine(db);
    harness.server.failNext(409, 'Diese App-Version passt nicht zum Server.', 'SCHEMA_MISMATCH');
    await startAndSettle(harness);
    expect(useSyncStore.getState()).toMatchObject({ state: 'schema-mismatch', message: 'Diese App-Version passt nicht zum Server.' });
    expect(await db.outbox.count()).toBe(2);
    expect(harness.scheduler.timers.size).toBe(0);
  });

  it('takes a fresh device id when the server says the old one belongs to someone else', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createMany(1);
    const before = await db.getMeta('deviceId');
    const harness = createEngine(db);
    harness.server.failNext(403, 'Fremdes Gerät', 'FOREIGN_DEVICE');
    await startAndSettle(harness);
    const [refused, accepted] = harness.server.pushes;
    expect(refused?.deviceId).toBe(before);
    expect(accepted?.deviceId).not.toBe(before);
    expect(await db.getMeta('deviceId')).toBe(accepted?.deviceId);
    expect(await db.outbox.count()).toBe(0);
  });
});
