import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { days, hours } from '../../../src/domain/time';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * Sessions as BSI TR-03161 expects (docs/decisions.md "Session limits"): an idle and an absolute
 * limit for every session, remembered ones included; one's own sessions listed and ended; a device
 * reported lost by its user or an owner/admin loses its sessions at once.
 */
interface SessionItem {
  id: string;
  current: boolean;
  syncingDevice: boolean;
  userAgent: string | null;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const pull = (client: Client, deviceId: string) => client.get(`/api/sync/pull?limit=50&schemaVersion=${SYNC_SCHEMA_VERSION}&deviceId=${deviceId}&pending=0`);

const userId = async (app: FastifyInstance, username: string) => (await app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

async function signIn(client: Client, username: string) {
  const response = await client.request({ method: 'POST', url: '/api/login', payload: { username, password: 'Geheim-Sani-42' }, headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile' } });
  expect(response.statusCode).toBe(200);
  return client;
}

async function sessions(client: Client): Promise<SessionItem[]> {
  const response = await client.get('/api/sessions');
  expect(response.statusCode).toBe(200);
  return json<SessionItem[]>(response);
}

describe('session limits', () => {
  it('ends a session after its idle limit and after its absolute limit, remembered or not', async () => {
    const app = await createTestApp();
    const cases: { rememberMe: boolean; createdAt: string; lastSeenAt: string; live: boolean }[] = [
      // Three hours at a festival without coverage: still signed in when the network comes back.
      { rememberMe: false, createdAt: ago(hours(11)), lastSeenAt: ago(hours(3)), live: true },
      { rememberMe: false, createdAt: ago(hours(10)), lastSeenAt: ago(hours(8.1)), live: false },
      // Used all the time, yet past the absolute limit (the old rule slid it forever).
      { rememberMe: false, createdAt: ago(hours(12.1)), lastSeenAt: ago(0), live: false },
      { rememberMe: true, createdAt: ago(days(13)), lastSeenAt: ago(days(2)), live: true },
      { rememberMe: true, createdAt: ago(days(5)), lastSeenAt: ago(days(3.1)), live: false },
      { rememberMe: true, createdAt: ago(days(14.1)), lastSeenAt: ago(0), live: false },
    ];
    for (const [i, c] of cases.entries()) {
      const client = await registeredClient(app, `konto${i}`);
      // The session's age and last use moved back, as a clock moved forward would.
      // (createdAt is never updated by the app; the test writes it with plain SQL.)
      await sql`update sessions set remember_me = ${c.rememberMe ? 1 : 0}, created_at = ${c.createdAt}, last_seen_at = ${c.lastSeenAt} where user_id = ${await userId(app, `konto${i}`)}`.execute(app.db);
      expect([i, (await client.get('/api/user')).statusCode]).toEqual([i, c.live ? 200 : 401]);
    }
  });

  it('lists one\'s own sessions and ends another one, or the current one as a sign-out', async () => {
    const app = await createTestApp();
    const laptop = await registeredClient(app, 'anna');
    const phone = await signIn(new Client(app), 'anna');
    const listed = await sessions(laptop);
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = listed.find((s) => !s.current);
    expect(phoneSession?.userAgent).toContain('Android');
    // The list shows a handle, never the stored id nor the token.
    const stored = await app.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((s) => s.id)).not.toContain(phoneSession?.id);

    expect((await laptop.request({ method: 'DELETE', url: `/api/sessions/${phoneSession?.id ?? ''}` })).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    // A handle of someone else's session, or a gone one, is a German 404.
    const gone = await laptop.request({ method: 'DELETE', url: `/api/sessions/${phoneSession?.id ?? ''}` });
    expect([gone.statusCode, json<{ message: string }>(gone).message]).toEqual([404, 'Diese Sitzung gibt es nicht mehr.']);

    const current = (await sessions(laptop))[0];
    const signOut = await laptop.request({ method: 'DELETE', url: `/api/sessions/${current?.id ?? ''}` });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.cookies.find((c) => c.name === 'sanidok_session')?.value).toBe('');
    expect(await app.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('reports a device lost: its sessions end at once, a later sign-in on it ends at its first pull, and it is told so', async () => {
    const app = await createTestApp();
    const tablet = await registeredClient(app, 'anna');
    const deviceId = '0193a5b2-7c1d-7e0f-8a9b-0c1d2e3f4a5b';
    expect((await pull(tablet, deviceId)).statusCode).toBe(200);
    const phone = await signIn(new Client(app), 'anna');
    const tabletSession = (await sessions(phone)).find((s) => s.syncingDevice);
    expect(tabletSession).toBeDefined();

    expect((await phone.post(`/api/sessions/${tabletSession?.id ?? ''}/lost`)).statusCode).toBe(200);
    const cutOff = await pull(tablet, deviceId);
    expect([cutOff.statusCode, json<{ code: string }>(cutOff).code]).toEqual([401, 'DEVICE_LOST']);
    expect(json<{ message: string }>(cutOff).message).toMatch(/^Dieses Gerät wurde als verloren gemeldet/);
    expect((await phone.get('/api/user')).statusCode).toBe(200);

    // Whoever finds the tablet and signs in again is cut off at its first contact.
    await signIn(tablet, 'anna');
    expect(json<{ code: string }>(await pull(tablet, deviceId)).code).toBe('DEVICE_LOST');
    expect((await tablet.get('/api/user')).statusCode).toBe(401);
  });

  it('lets an owner or admin report a member\'s device lost, but not a member, and not an admin the owner\'s', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    const member = await addMember(app, owner, orgId, 'mia');
    const [memberId, ownerId] = [await userId(app, 'mia'), await userId(app, 'olga')];
    expect((await pull(member, '0193a5b2-7c1d-7e0f-8a9b-0c1d2e3f4a5c')).statusCode).toBe(200);

    const listed = await admin.get(`/api/organizations/${orgId}/members/${memberId}/sessions`);
    const [memberSession] = json<SessionItem[]>(listed);
    expect(memberSession?.current).toBe(false);
    const byMember = await member.get(`/api/organizations/${orgId}/members/${ownerId}/sessions`);
    expect([byMember.statusCode, json<{ message: string }>(byMember).message]).toEqual([403, 'Nur der Inhaber oder ein Administrator darf die Geräte eines Mitglieds sehen und als verloren melden.']);
    const [ownerSession] = json<SessionItem[]>(await owner.get(`/api/organizations/${orgId}/members/${ownerId}/sessions`));
    const onOwner = await admin.post(`/api/organizations/${orgId}/members/${ownerId}/sessions/${ownerSession?.id ?? ''}/lost`);
    expect([onOwner.statusCode, json<{ message: string }>(onOwner).message]).toEqual([403, 'Ein Gerät des Inhabers kann nur der Inhaber selbst als verloren melden.']);
    expect((await owner.get('/api/user')).statusCode).toBe(200);

    expect((await admin.post(`/api/organizations/${orgId}/members/${memberId}/sessions/${memberSession?.id ?? ''}/lost`)).statusCode).toBe(200);
    expect((await member.get('/api/user')).statusCode).toBe(401);
    const reported = await app.db.selectFrom('lostDevices').selectAll().execute();
    expect(reported).toMatchObject([{ userId: memberId, reportedBy: await userId(app, 'adam') }]);
  });
});
