import { randomUUID } from 'node:crypto';
import type { PushResponse, SessionListItem } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { minutes } from '../../../src/domain/time';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { servicePayload } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * A device reported lost pushes its outbox once more, then is told to wipe itself (docs/decisions.md
 * "A lost device pushes, then wipes itself", domain/sessions/deviceWipe.ts). The ended session's
 * cookie admits that device's push and nothing else; the grant ends with the push that empties the
 * outbox, ten minutes after its first use, or with the session's own end.
 */
const mutation = (seq: number, args: unknown) => ({ mutationId: randomUUID(), seq, name: 'service.create', args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[], pendingCount?: number) =>
  client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations, ...(pendingCount === undefined ? {} : { pendingCount }) });
const pull = (client: Client, deviceId: string) => client.get(`/api/sync/pull?limit=50&schemaVersion=${SYNC_SCHEMA_VERSION}&deviceId=${deviceId}&pending=0`);
const code = (response: Parameters<typeof json>[0]) => json<{ code?: string }>(response).code;
const serviceNames = async (app: FastifyInstance) => (await app.db.selectFrom('services').select('name').orderBy('name').execute()).map((s) => s.name);

/** An admin's tablet that has pulled (so its session knows the device), reported lost by the owner. */
async function lostTablet() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const tablet = await addMember(app, owner, orgId, 'adam', 'admin');
  const deviceId = randomUUID();
  expect((await pull(tablet, deviceId)).statusCode).toBe(200);
  const adamId = (await app.db.selectFrom('users').select('id').where('username', '=', 'adam').executeTakeFirstOrThrow()).id;
  const [session] = json<SessionListItem[]>(await owner.get(`/api/organizations/${orgId}/members/${adamId}/sessions`));
  expect((await owner.post(`/api/organizations/${orgId}/members/${adamId}/sessions/${session?.id ?? ''}/lost`)).statusCode).toBe(200);
  return { app, owner, orgId, tablet, deviceId };
}

describe('a lost device pushes its outbox, then wipes itself', () => {
  it('accepts the lost tablet\'s outbox once, over two batches, answers wipe, and lets the cookie read nothing', async () => {
    const { app, orgId, tablet, deviceId } = await lostTablet();
    // The ended session reads nothing: neither the user nor a pull.
    for (const response of [await tablet.get('/api/user'), await pull(tablet, deviceId), await tablet.get('/api/services')]) {
      expect([response.statusCode, code(response)]).toEqual([401, 'DEVICE_LOST']);
    }
    // Another device id under the same cookie is no lost device's push.
    const foreign = await push(tablet, randomUUID(), [mutation(1, servicePayload(orgId, { name: 'Fremd' }))], 1);
    expect([foreign.statusCode, code(foreign)]).toEqual([401, 'UNAUTHENTICATED']);

    const first = mutation(1, servicePayload(orgId, { name: 'Stadtfest' }));
    const firstBatch = await push(tablet, deviceId, [first], 2);
    expect(firstBatch.statusCode).toBe(200);
    expect(json<PushResponse>(firstBatch)).toMatchObject({ lastSeq: 1, results: [{ seq: 1, status: 'applied' }], wipe: true });
    // The rest of the outbox: the batch that empties it ends the grant.
    const lastBatch = await push(tablet, deviceId, [first, mutation(2, servicePayload(orgId, { name: 'Marathon' }))], 2);
    expect(json<PushResponse>(lastBatch)).toMatchObject({ lastSeq: 2, results: [{ seq: 1, status: 'duplicate' }, { seq: 2, status: 'applied' }], wipe: true });
    expect(await app.db.selectFrom('deviceWipeGrants').selectAll().execute()).toEqual([]);

    const again = await push(tablet, deviceId, [mutation(3, servicePayload(orgId, { name: 'Nachzügler' }))], 1);
    expect([again.statusCode, code(again)]).toEqual([401, 'DEVICE_LOST']);
    expect(await serviceNames(app)).toEqual(['Marathon', 'Stadtfest']);
  });

  it('ends the grant ten minutes after its first use, and with the session\'s own end', async () => {
    const { app, orgId, tablet, deviceId } = await lostTablet();
    expect(json<PushResponse>(await push(tablet, deviceId, [mutation(1, servicePayload(orgId, { name: 'Stadtfest' }))], 3)).wipe).toBe(true);
    const [grant] = await app.db.selectFrom('deviceWipeGrants').selectAll().execute();
    expect(grant?.firstUsedAt).not.toBeNull();
    await sql`update device_wipe_grants set first_used_at = ${new Date(Date.now() - minutes(10.1)).toISOString()}`.execute(app.db);
    const late = await push(tablet, deviceId, [mutation(2, servicePayload(orgId, { name: 'Zu spät' }))], 2);
    expect([late.statusCode, code(late)]).toEqual([401, 'DEVICE_LOST']);

    // A second tablet, reported lost after its session's end passed: no grant at all.
    const { app: other, orgId: otherOrg, tablet: expired, deviceId: expiredDevice } = await lostTablet();
    await sql`update device_wipe_grants set expires_at = ${new Date(Date.now() - 1000).toISOString()}`.execute(other.db);
    const refused = await push(expired, expiredDevice, [mutation(1, servicePayload(otherOrg))], 1);
    expect([refused.statusCode, code(refused)]).toEqual([401, 'DEVICE_LOST']);
    expect(await serviceNames(app)).toEqual(['Stadtfest']);
    expect(await serviceNames(other)).toEqual([]);
  });

  it('takes the outbox of a new sign-in on the lost tablet, answers wipe, and cuts the session off at its pull', async () => {
    const { app, orgId, tablet, deviceId } = await lostTablet();
    expect((await tablet.post('/api/login', { username: 'adam', password: 'Geheim-Sani-42' })).statusCode).toBe(200);
    const pushed = await push(tablet, deviceId, [mutation(1, servicePayload(orgId, { name: 'Stadtfest' }))], 1);
    expect(json<PushResponse>(pushed)).toMatchObject({ results: [{ status: 'applied' }], wipe: true });
    expect(code(await pull(tablet, deviceId))).toBe('DEVICE_LOST');
    expect(await serviceNames(app)).toEqual(['Stadtfest']);
    // A device nobody reported lost is never told to wipe.
    const phone = await registeredClient(app, 'mia');
    expect(json<PushResponse>(await push(phone, randomUUID(), [], 0))).not.toHaveProperty('wipe');
  });

  it('refuses the grant of a user blocked since the report', async () => {
    const { app, orgId, tablet, deviceId } = await lostTablet();
    await app.db.updateTable('users').set({ isBlocked: 1 }).where('username', '=', 'adam').execute();
    const refused = await push(tablet, deviceId, [mutation(1, servicePayload(orgId))], 1);
    expect([refused.statusCode, code(refused)]).toEqual([401, 'DEVICE_LOST']);
    expect(await app.db.selectFrom('deviceWipeGrants').selectAll().execute()).toEqual([]);
    expect(await serviceNames(app)).toEqual([]);
  });
});
