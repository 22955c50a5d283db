import { randomUUID } from 'node:crypto';
import type { BoardChangeEvent, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { listening, openEventStream } from '../../helpers/eventStream';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { serviceTeam } from '../../helpers/serviceTeam';
import { assignTeam } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { registeredClient } from '../../helpers/testApp';

/**
 * The board's live stream (docs/sync-protocol.md "Board events"): a push reaches open
 * boards as "changed up to version V"; Last-Event-ID resumes without a missed change; the stream
 * follows the session rules and ends for a removed member, a blocked user and a signed-out session.
 */

const seqs = new Map<string, number>();
async function pushDiary(client: Client, serviceId: string, device = 'd', text = 'Zelt 2 voll'): Promise<PushResponse> {
  const deviceId = seqs.has(device) ? device : randomUUID();
  const seq = (seqs.get(deviceId) ?? 0) + 1;
  seqs.set(deviceId, seq);
  const response = await client.post('/api/sync/push', {
    deviceId, schemaVersion: SYNC_SCHEMA_VERSION, pendingCount: 1,
    mutations: [{ mutationId: randomUUID(), seq, name: 'diaryEntry.create', args: { id: randomUUID(), serviceId, text, occurredAt: new Date().toISOString() }, createdAt: new Date().toISOString() }],
  });
  expect(response.statusCode).toBe(200);
  return json<PushResponse>(response);
}

const dataOf = (data: string | undefined) => JSON.parse(data ?? '{}') as BoardChangeEvent;
const longStreams = { eventStreamLimits: { lifetimeMs: 60_000, keepAliveMs: 100, recheckMs: 0 } };

describe('board event stream', () => {
  it('needs a session, and membership in the service organisation (outsiders get 404)', async () => {
    const { app, owner, service } = await serviceTeam();
    expect((await app.inject({ method: 'GET', url: `/api/services/${service.id}/events` })).statusCode).toBe(401);
    const stranger = await registeredClient(app, 'fremd');
    await createOrganization(stranger, 'Andere Wache');
    expect((await stranger.get(`/api/services/${service.id}/events`)).statusCode).toBe(404);
    // inject() reads the stream until its (test-short) lifetime ends.
    const reply = await owner.get(`/api/services/${service.id}/events`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(reply.body).toMatch(/^retry: \d+\n\nevent: ready\nid: \d+\ndata: \{"serviceId":"[^"]+","version":\d+\}\n\n/);
  });

  it("a member's push reaches an open board as a change event without patient data", async () => {
    const { owner, medic, service, app } = await boardApp();
    const base = await listening(app);
    const stream = await openEventStream(base, owner.cookieHeader, service.id);
    const ready = await stream.waitFor((e) => e.event === 'ready');
    await pushDiary(medic, service.id);
    const change = await stream.waitFor((e) => e.event === 'change');
    expect(Number(change.id)).toBeGreaterThan(Number(ready.id));
    expect(Object.keys(dataOf(change.data)).sort()).toEqual(['serviceId', 'version']);
    expect(change.data).not.toContain('Zelt');
  });

  it('Last-Event-ID: a cut stream reconnects and misses no change; an up-to-date id gets nothing old', async () => {
    const { owner, medic, service, app } = await boardApp();
    const base = await listening(app);
    const first = await openEventStream(base, owner.cookieHeader, service.id);
    await pushDiary(medic, service.id, 'tablet-1');
    const seen = await first.waitFor((e) => e.event === 'change');
    first.close();
    // While the board is away: two more pushes.
    await pushDiary(medic, service.id, 'tablet-1');
    await pushDiary(medic, service.id, 'tablet-1');
    const resumed = await openEventStream(base, owner.cookieHeader, service.id, seen.id);
    const caughtUp = await resumed.waitFor((e) => e.event === 'change');
    expect(Number(caughtUp.id)).toBeGreaterThan(Number(seen.id));
    resumed.close();

    const current = await openEventStream(base, owner.cookieHeader, service.id, caughtUp.id);
    await pushDiary(medic, service.id, 'tablet-1');
    const next = await current.waitFor((e) => e.event === 'change');
    // The first event after an up-to-date id is the new push, nothing replayed.
    expect(current.events.filter((e) => e.event === 'change')).toEqual([next]);
    expect(Number(next.id)).toBeGreaterThan(Number(caughtUp.id));
  });

  it('a forged Last-Event-ID cannot silence the stream: garbage counts as none, an id beyond the counter as zero', async () => {
    const { owner, service, app } = await boardApp();
    const base = await listening(app);
    const garbage = await openEventStream(base, owner.cookieHeader, service.id, "1; drop table devices");
    expect((await garbage.waitFor((e) => e.event === 'ready')).id).toMatch(/^\d+$/);
    const beyond = await openEventStream(base, owner.cookieHeader, service.id, '999999999999');
    const change = await beyond.waitFor((e) => e.event === 'change');
    expect(Number(change.id)).toBeLessThan(999999999999);
  });

  it('ends the stream of a member removed from the organisation, of a blocked user and of a signed-out session', async () => {
    const { owner, medic, medicId, orgId, service, app } = await boardApp();
    const base = await listening(app);
    const removed = await openEventStream(base, medic.cookieHeader, service.id);
    await removed.waitFor((e) => e.event === 'ready');
    expect((await owner.request({ method: 'DELETE', url: `/api/organizations/${orgId}/members/${medicId}` })).statusCode).toBe(200);
    await removed.ended;

    const blockedUser = await addMember(app, owner, orgId, 'bernd');
    const bernd = json<{ id: number }>(await blockedUser.get('/api/user')).id;
    const blocked = await openEventStream(base, blockedUser.cookieHeader, service.id);
    expect(blocked.status).toBe(200);
    await app.db.updateTable('users').set({ isBlocked: 1 }).where('id', '=', bernd).execute();
    await blocked.ended;

    const signedOut = await openEventStream(base, owner.cookieHeader, service.id);
    await signedOut.waitFor((e) => e.event === 'ready');
    await owner.post('/api/logout');
    await signedOut.ended;
    expect(app.boardEvents.streams.size).toBe(0);
  });

  it('a board open for 12 hours stays flat: reconnects and events leave no listener, a stalled reader no growing buffer', async () => {
    const { owner, orgId, service, app } = await serviceTeam({ eventStreamLimits: { lifetimeMs: 3_600_000, keepAliveMs: 3_600_000, recheckMs: 3_600_000 } });
    const base = await listening(app);
    const { bus, streams } = app.boardEvents;
    // 12 hours of a stream renewed every 30 minutes, with reconnects after network cuts: 60 rounds.
    let lastId: string | undefined;
    for (let round = 0; round < 60; round++) {
      const stream = await openEventStream(base, owner.cookieHeader, service.id, lastId);
      const version = 1_000_000 + round;
      bus.dispatch([orgId], version);
      lastId = (await stream.waitFor((e) => e.id === String(version))).id;
      stream.close();
      await stream.ended;
    }
    await expect.poll(() => streams.size).toBe(0);
    expect(bus.listenerCount()).toBe(0);

    // A reader that stops reading (a frozen TV): 20,000 events, each one version newer.
    const stalled = await openEventStream(base, owner.cookieHeader, service.id);
    await stalled.waitFor((e) => e.event === 'ready');
    stalled.pause();
    for (let i = 1; i <= 20_000; i++) bus.dispatch([orgId], 2_000_000 + i);
    expect(streams.maxBuffered()).toBeLessThanOrEqual(streams.limits.maxBufferedBytes + 200);
    expect(bus.listenerCount()).toBeLessThanOrEqual(1);
    stalled.resume();
    // Back-pressure keeps the newest version: the reader ends up with the last one.
    if (streams.size === 1) await stalled.waitFor((e) => e.id === String(2_020_000));
    else await stalled.ended;
  });

  it('limits open streams per user (429, German message)', async () => {
    const { owner, service, app } = await serviceTeam({ eventStreamLimits: { lifetimeMs: 60_000, perUser: 2 } });
    const base = await listening(app);
    await openEventStream(base, owner.cookieHeader, service.id);
    await openEventStream(base, owner.cookieHeader, service.id);
    const third = await owner.get(`/api/services/${service.id}/events`);
    expect(third.statusCode).toBe(429);
    expect(json<{ message: string }>(third).message).toContain('Zu viele offene Lagetafeln');
  });

  it('limits open streams per client address and per organisation: one person\'s many accounts do not take every slot', async () => {
    // Behind a trusted proxy, so that each stream can come from its own address.
    const { owner, orgId, service, app } = await serviceTeam({ trustProxy: ['127.0.0.1'], eventStreamLimits: { lifetimeMs: 60_000, perUser: 2, perAddress: 2, perOrganization: 3, total: 100 } });
    const base = await listening(app);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const [first, second] = [await addMember(app, owner, orgId, 'konto1'), await addMember(app, owner, orgId, 'konto2')];
    await assignTeam(owner, service.id, [owner, first, second]);
    const open = (client: Client, address: string) => openEventStream(base, client.cookieHeader, service.id, undefined, from(address));
    expect((await open(first, '203.0.113.1')).status).toBe(200);
    expect((await open(first, '203.0.113.1')).status).toBe(200);
    // A second account from the same address: the address is full, whatever the account.
    const sameAddress = await second.request({ method: 'GET', url: `/api/services/${service.id}/events`, headers: from('203.0.113.1') });
    expect([sameAddress.statusCode, json<{ message: string }>(sameAddress).message]).toEqual([429, 'Von Ihrem Netzwerk aus sind zu viele Lagetafeln offen. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.']);
    expect((await open(second, '203.0.113.2')).status).toBe(200);
    // The organisation holds three: a fourth, from yet another address, waits for one to close.
    const orgFull = await owner.request({ method: 'GET', url: `/api/services/${service.id}/events`, headers: from('203.0.113.3') });
    expect([orgFull.statusCode, json<{ message: string }>(orgFull).message]).toEqual([429, 'Ihre Organisation hat zu viele Lagetafeln offen. Bitte schließen Sie eine andere Lagetafel und versuchen Sie es erneut.']);
  });
});

/** The usual team on an app whose streams live a minute, check access at every event and keep-alive every 100 ms. */
const boardApp = () => serviceTeam(longStreams);
