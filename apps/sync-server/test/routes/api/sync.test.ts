import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, pendingInvitationId } from '../../helpers/organizations';
import { createServiceVia, servicePayload } from '../../helpers/services';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, PublicUser, PullResponse, PushResponse, Service } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';

const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[], schemaVersion = SYNC_SCHEMA_VERSION) =>
  client.post('/api/sync/push', { deviceId, schemaVersion, mutations });

async function pullAll(client: Client, cursor?: string, limit?: number) {
  const changes: { entity: string; op: string; id: string; version: number }[] = [];
  let organizations: { id: number }[] = [];
  for (let page = 0; page < 100; page += 1) {
    const query = new URLSearchParams({ ...(cursor ? { cursor } : {}), ...(limit ? { limit: String(limit) } : {}) });
    const response = await client.get(`/api/sync/pull?${query.toString()}`);
    expect(response.statusCode).toBe(200);
    const body = json<PullResponse>(response);
    changes.push(...body.changes);
    organizations = body.organizations;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return { changes, organizations, cursor };
}

describe('sync push', () => {
  it('applies each mutation once; replays are duplicates; a gap stops the batch', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const device = randomUUID();
    const a = servicePayload(orgId);
    const b = servicePayload(orgId, { name: 'Marathon' });
    const first = await push(owner, device, [mutation(1, 'service.create', a), mutation(2, 'service.create', b)]);
    expect(first.json()).toMatchObject({ lastSeq: 2, results: [{ seq: 1, status: 'applied' }, { seq: 2, status: 'applied' }] });

    const replay = await push(owner, device, [mutation(1, 'service.create', a), mutation(2, 'service.create', b), mutation(3, 'service.update', { id: a.id, name: 'Stadtfest neu' })]);
    expect(json<PushResponse>(replay).results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'applied']);
    const gap = await push(owner, device, [mutation(5, 'service.update', { id: a.id, name: 'zu früh' })]);
    expect(gap.json()).toEqual({ lastSeq: 3, results: [] });

    const services = json<Service[]>(await owner.get('/api/services'));
    expect(services.map((s: { name: string }) => s.name).sort()).toEqual(['Marathon', 'Stadtfest neu']);
  });

  it('quarantines refused mutations with their German reason and goes on', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const member = await addMember(app, owner, orgId, 'mona');
    const device = randomUUID();
    const response = await push(member, device, [
      mutation(1, 'service.create', servicePayload(orgId)),
      mutation(2, 'service.create', { name: 'x' }),
      mutation(3, 'gibt.es.nicht', {}),
    ]);
    expect(response.json()).toMatchObject({
      lastSeq: 3,
      results: [
        { seq: 1, status: 'rejected', code: 'FORBIDDEN', message: 'Nur der Inhaber oder ein Administrator darf Sanitätsdienste anlegen, ändern, archivieren oder löschen.' },
        { seq: 2, status: 'rejected', code: 'VALIDATION' },
        { seq: 3, status: 'rejected', code: 'UNKNOWN_MUTATION', message: 'Unbekannte Änderung. Bitte aktualisieren Sie die App.' },
      ],
    });
    const replay = await push(member, device, [mutation(1, 'service.create', servicePayload(orgId)), mutation(4, 'constructor', {})]);
    expect(json<PushResponse>(replay).results).toMatchObject([
      { seq: 1, status: 'rejected', code: 'FORBIDDEN' },
      { seq: 4, status: 'rejected', code: 'UNKNOWN_MUTATION' },
    ]);
    const quarantine = await app.db.selectFrom('syncQuarantine').selectAll().orderBy('seq').execute();
    expect(quarantine.map((q) => [q.seq, q.code])).toEqual([[1, 'FORBIDDEN'], [2, 'VALIDATION'], [3, 'UNKNOWN_MUTATION'], [4, 'UNKNOWN_MUTATION']]);
    expect((JSON.parse(quarantine[0]?.args ?? '{}') as { organizationId?: unknown }).organizationId).toBe(orgId);
    expect(await app.db.selectFrom('services').select('id').execute()).toEqual([]);
  });

  it('refuses another user\u2019s device id, another organisation, and an old app version', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const intruder = await registeredClient(app, 'ingo');
    await createOrganization(intruder, 'Eigene Org');
    const device = randomUUID();
    await push(owner, device, [mutation(1, 'service.create', servicePayload(orgId))]);

    const foreignDevice = await push(intruder, device, [mutation(2, 'service.create', servicePayload(orgId))]);
    expect(foreignDevice.statusCode).toBe(403);
    expect(foreignDevice.json()).toEqual({ code: 'FOREIGN_DEVICE', message: 'Diese Geräte-Kennung gehört zu einem anderen Benutzer.' });
    const foreignOrg = await push(intruder, randomUUID(), [mutation(1, 'service.create', servicePayload(orgId))]);
    expect(json<PushResponse>(foreignOrg).results[0]).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    const old = await push(owner, device, [mutation(2, 'service.create', servicePayload(orgId))], 0);
    expect(old.statusCode).toBe(409);
    expect(json<ApiErrorBody>(old).code).toBe('SCHEMA_MISMATCH');
    expect((await app.db.selectFrom('services').select('id').execute()).length).toBe(1);
    expect((await new Client(app).post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] })).statusCode).toBe(401);
    expect((await owner.post('/api/sync/push', { deviceId: 'x', schemaVersion: SYNC_SCHEMA_VERSION, mutations: 'nein' })).statusCode).toBe(400);
  });

  it('keeps a concurrent edit of the same field as a revision and flags the service', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    const service = await createServiceVia(owner, orgId);
    await push(owner, randomUUID(), [mutation(1, 'service.update', { id: service.id, baseVersion: service.version, location: 'Tablet A' })]);
    await push(admin, randomUUID(), [mutation(1, 'service.update', { id: service.id, baseVersion: service.version, location: 'Tablet B', name: 'Anderer Name' })]);
    const row = await app.db.selectFrom('services').selectAll().where('id', '=', service.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ location: 'Tablet B', name: 'Anderer Name', needsReview: 1 });
    const revisions = await app.db.selectFrom('fieldRevisions').selectAll().execute();
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ field: 'location', replacedValue: 'Tablet A', newValue: 'Tablet B' });
  });
});

describe('sync pull', () => {
  it('pages by cursor, never leaks, and purges a removed member', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const member = await addMember(app, owner, orgId, 'mona');
    const stranger = await registeredClient(app, 'otto');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Org');
    for (let i = 0; i < 7; i += 1) await createServiceVia(owner, orgId, { name: `Dienst ${i}` });
    await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: orgId });
    await createServiceVia(stranger, otherOrg, { name: 'Geheim' });

    const all = await pullAll(member, undefined, 3);
    expect(all.changes.filter((c) => c.entity === 'service')).toHaveLength(7);
    expect(all.changes.filter((c) => c.entity === 'material')).toHaveLength(1);
    expect(JSON.stringify(all.changes)).not.toContain('Geheim');
    expect(all.organizations.map((o) => o.id)).toEqual([orgId]);
    const versions = all.changes.map((c) => c.version);
    expect(new Set(versions).size).toBe(versions.length);

    const [deleted] = json<Service[]>(await owner.get('/api/services'));
    if (!deleted) throw new Error('Sanitätsdienst fehlt');
    await owner.request({ method: 'DELETE', url: `/api/services/${deleted.id}` });
    const delta = await pullAll(member, all.cursor);
    // The service and its team (the creator) go: two tombstones (domain/serviceTeams/membership.ts).
    expect(delta.changes).toEqual([
      expect.objectContaining({ entity: 'serviceTeamMember', op: 'delete', id: `${deleted.id}:${String(deleted.createdById)}` }),
      expect.objectContaining({ entity: 'service', op: 'delete', id: deleted.id }),
    ]);
    expect((await pullAll(member, delta.cursor)).changes).toEqual([]);

    const monaId = json<PublicUser>(await member.get('/api/user')).id;
    await owner.request({ method: 'DELETE', url: `/api/organizations/${orgId}/members/${monaId}` });
    await createServiceVia(owner, orgId, { name: 'Nach dem Austritt' });
    const after = await pullAll(member, delta.cursor);
    expect(after.organizations).toEqual([]);
    expect(after.changes).toEqual([]);
  });

  it('gives a newly joined member the whole history and rejects a forged cursor', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    await createServiceVia(owner, orgId);
    const late = await registeredClient(app, 'lutz');
    const early = await pullAll(late);
    expect(early.changes).toEqual([]);
    await addMember(app, owner, orgId, 'lutz2');
    await owner.post(`/api/organizations/${orgId}/invite`, { username: 'lutz' });
    await late.post(`/api/invitations/${String(await pendingInvitationId(late, orgId))}/respond`, { response: 'accepted' });
    // The service and its team (the creator, on it from the start).
    const joined = (await pullAll(late, early.cursor)).changes;
    expect(joined.map((c) => c.entity).sort()).toEqual(['service', 'serviceTeamMember']);
    // The team row carries the member's full name (none set here) for the FHIR export's Practitioner.
    expect(joined.find((c) => c.entity === 'serviceTeamMember')).toMatchObject({ data: { fullName: null } });
    expect((await late.get('/api/sync/pull?cursor=%%%')).statusCode).toBe(400);
    expect(json<ApiErrorBody>(await late.get('/api/sync/pull?schemaVersion=99')).code).toBe('SCHEMA_MISMATCH');
  });
});
