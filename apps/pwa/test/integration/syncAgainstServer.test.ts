// @vitest-environment node
// The real sync engine against the real in-process server (buildApp on a temp SQLite file, the
// real migrations and mutation registry). Node environment: the server's native and node-only
// dependencies do not belong under jsdom; Dexie runs on fake-indexeddb (see test/setup.ts).
import type { PullResponse, PushResponse, Service } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../../../sync-server/test/helpers/organizations';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { createTestApp, registeredClient } from '../../../sync-server/test/helpers/testApp';
import { pendingEntityIds } from '../../src/data/outbox';
import { createService, updateService } from '../../src/data/repositories/services';
import type { SyncTransport, TransportResult } from '../../src/sync/transport';
import { pullUrl, syncPaths } from '../../src/sync/transport';
import { createEngine, openTestDb, startAndSettle } from '../helpers/sync';

interface Link {
  online: boolean;
  /** The server commits the next push, but its reply never reaches the device. */
  loseNextPushReply: boolean;
  /** Every push reply the server produced, delivered or not. */
  replies: PushResponse[];
}

/** Forwards the engine's requests to app.inject with the client's cookie jar. */
function injectTransport(client: Client, link: Link): SyncTransport {
  async function forward<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<TransportResult<T>> {
    if (!link.online) return { ok: false, status: 0, message: 'offline' };
    const response = await client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    const body = response.body ? response.json<T & { message?: string; code?: string }>() : undefined;
    if (method === 'POST' && response.statusCode === 200) link.replies.push(body as unknown as PushResponse);
    if (method === 'POST' && link.loseNextPushReply) {
      link.loseNextPushReply = false;
      return { ok: false, status: 0, message: 'Verbindung abgebrochen' };
    }
    if (response.statusCode >= 400) return { ok: false, status: response.statusCode, message: body?.message ?? '', code: body?.code };
    return { ok: true, status: response.statusCode, body: body as T };
  }
  return {
    push: (request) => forward<PushResponse>('POST', syncPaths.push, request),
    pull: (params) => forward<PullResponse>('GET', pullUrl(params)),
  };
}

const hour = 3_600_000;
const serviceInput = (organizationId: number, n: number) => ({
  name: `Stadtfest Tag ${n}`,
  description: 'Sanitätswache am Marktplatz',
  location: 'Marktplatz 1',
  startDate: new Date(Date.now() + n * 24 * hour).toISOString(),
  endDate: new Date(Date.now() + n * 24 * hour + 8 * hour).toISOString(),
  organizationId,
});

describe('sync engine against the real server', () => {
  it('uploads offline work exactly once, even after a lost reply, and settles the device', async () => {
    const app = await createTestApp();
    const medic = await registeredClient(app, 'anna');
    const { id: organizationId } = await createOrganization(medic);

    const link: Link = { online: true, loseNextPushReply: false, replies: [] };
    const db = openTestDb('anna');
    const harness = createEngine(db, { transport: injectTransport(medic, link) });

    // Online once: the first pull brings the organisation the medic will capture for.
    await startAndSettle(harness);
    expect((await db.organizations.toArray()).map((o) => o.id)).toEqual([organizationId]);

    // Hours without coverage: everything is written locally and queued.
    link.online = false;
    const ids: string[] = [];
    for (let n = 1; n <= 5; n += 1) ids.push(await createService(serviceInput(organizationId, n)));
    await updateService(ids[0] ?? '', { name: 'Stadtfest Tag 1 (verlängert)' });
    await harness.engine.idle();
    expect(await db.outbox.count()).toBe(6);
    expect(await pendingEntityIds(db)).toEqual(new Set(ids));

    // Coverage returns, but the first reply is lost after the server committed the batch.
    link.online = true;
    link.loseNextPushReply = true;
    harness.engine.requestSync('online');
    await harness.engine.idle();
    expect(await db.outbox.count()).toBe(6);

    harness.engine.requestSync('online');
    await harness.engine.idle();
    const [lost, resent] = link.replies;
    expect(lost?.results.map((r) => r.status)).toEqual(Array(6).fill('applied'));
    expect(resent?.results.map((r) => r.status)).toEqual(Array(6).fill('duplicate'));
    expect(resent?.lastSeq).toBe(6);

    // The server holds each service exactly once, with the offline edit applied.
    const listed = (await medic.get('/api/services')).json<Service[]>();
    expect(listed.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(listed.find((s) => s.id === ids[0])?.name).toBe('Stadtfest Tag 1 (verlängert)');

    // The device is settled: nothing pending, rows replaced by the server's versions.
    expect(await db.outbox.count()).toBe(0);
    expect(await pendingEntityIds(db)).toEqual(new Set());
    const local = await db.services.toArray();
    expect(local).toHaveLength(5);
    expect(local.every((s) => s.version > 0)).toBe(true);
    expect(local.find((s) => s.id === ids[0])?.name).toBe('Stadtfest Tag 1 (verlängert)');
    expect(await db.getMeta('lastSyncAt')).toBeDefined();
  });

  it('shows a refusal of the server with its reason and reverts the local create', async () => {
    const app = await createTestApp();
    const medic = await registeredClient(app, 'anna');
    const { id: organizationId } = await createOrganization(medic);
    const db = openTestDb('anna');
    const link: Link = { online: true, loseNextPushReply: false, replies: [] };
    const harness = createEngine(db, { transport: injectTransport(medic, link) });
    await startAndSettle(harness);

    // Validated on the device by the same schema, but the server decides on the end date rule.
    link.online = false;
    const id = await createService(serviceInput(organizationId, 1));
    await db.outbox.toCollection().modify((row) => {
      (row.args as { endDate: string }).endDate = '2000-01-01T00:00:00.000Z';
    });
    link.online = true;
    harness.engine.requestSync('online');
    await harness.engine.idle();

    const [rejected] = await db.outbox.toArray();
    expect(rejected).toMatchObject({ status: 'rejected', message: 'Das Enddatum muss nach dem Startdatum liegen' });
    expect(await db.services.get(id)).toBeUndefined();
    expect((await medic.get('/api/services')).json<Service[]>().map((s) => s.id)).not.toContain(id);
  });
});
