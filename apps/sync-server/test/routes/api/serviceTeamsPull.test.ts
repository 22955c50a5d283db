import { randomUUID } from 'node:crypto';
import type { MinorTreatment, PullResponse, PushResponse, Service, SyncChange } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { adminClient } from '../../helpers/admin';
import type { TestDevice } from '../../helpers/deviceKeys';
import { pullAsDevice, pulledHistory, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createProtocolVia } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

const hour = 3_600_000;
const idOf = async (client: Client) => json<{ id: number }>(await client.get('/api/user')).id;

/**
 * As each reader's tablet pulls: naming its device, registered with the password, the sealed fields
 * opened. The session alone pulls no patient data at all (patientDataNeedsDevice.test.ts).
 */
const tablets = new WeakMap<Client, TestDevice>();
async function pull(client: Client, cursor?: string): Promise<PullResponse> {
  const tablet = tablets.get(client) ?? (await registerDevice(client));
  tablets.set(client, tablet);
  return pullAsDevice(client, tablet, `&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
}
const of = (changes: SyncChange[], entity: SyncChange['entity']) => changes.filter((c) => c.entity === entity);

/**
 * Owner Olga creates the service and hands it to Tina: Olga is then NOT on its team (the owner
 * sees patient data only where she is on the team). Medic Mona is in the organisation, not on it.
 */
async function cast() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const tina = await addMember(app, owner, orgId, 'tina');
  const mona = await addMember(app, owner, orgId, 'mona');
  const service = await createServiceVia(owner, orgId);
  const tinaId = await idOf(tina);
  const monaId = await idOf(mona);
  expect((await owner.put(`/api/services/${service.id}/team`, { userIds: [tinaId] })).statusCode).toBe(200);
  const protocol = await createProtocolVia(tina, service.id, { patientData: { firstName: 'Petra', lastName: 'Teampatientin' } });
  const treatment = await tina.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Karl Kleinpatient', description: 'Pflaster', materials: [] });
  expect(treatment.statusCode).toBe(201);
  return { app, owner, tina, mona, orgId, service, tinaId, monaId, protocol };
}

describe('patient data follows the team (pull)', () => {
  it('sends patient data, names, the clinical part and the code only to the team; every member sees the protocols exist', async () => {
    const { owner, tina, mona, service, protocol } = await cast();
    const team = await pull(tina);
    expect(team.patientDataServices).toEqual([service.id]);
    expect(of(team.changes, 'patientData').map((c) => c.id)).toEqual([protocol.protocol.id]);
    expect(JSON.stringify(team.changes)).toContain('Karl Kleinpatient');
    expect(of(team.changes, 'service')[0]).toMatchObject({ data: { accessCode: expect.stringMatching(/\S/) as unknown } });

    for (const reader of [mona, owner]) {
      const other = await pull(reader);
      expect(other.patientDataServices).toEqual([]);
      expect(of(other.changes, 'patientData')).toEqual([]);
      expect(of(other.changes, 'protocol').map((c) => c.id)).toEqual([protocol.protocol.id]);
      expect(of(other.changes, 'minorTreatment')[0]).toMatchObject({ data: { patientName: null } });
      const body = JSON.stringify(other.changes);
      expect(body).not.toContain('Teampatientin');
      expect(body).not.toContain('Kleinpatient');
      expect(of(other.changes, 'serviceTeamMember').map((c) => c.id).sort()).toEqual(of(team.changes, 'serviceTeamMember').map((c) => c.id).sort());
    }
    // The owner still sees the code (she manages the service); Mona does not.
    expect(of((await pull(owner)).changes, 'service')[0]).toMatchObject({ data: { accessCode: expect.stringMatching(/\S/) as unknown } });
    expect(of((await pull(mona)).changes, 'service')[0]).toMatchObject({ data: { accessCode: null } });
    // REST answers no patient data to anyone, the team included (docs/security.md "Patient data needs the unlocked device").
    expect(json<{ patientData: unknown }>(await mona.get(`/api/patient-protocols/${protocol.protocol.id}`)).patientData).toBeNull();
    expect(json<MinorTreatment[]>(await owner.get('/api/minor-treatments'))[0]?.patientName).toBeNull();
    expect(json<MinorTreatment[]>(await tina.get(`/api/services/${service.id}/minor-treatments`))[0]?.patientName).toBeNull();
  });

  it('re-sends the service data to a member added later, although the cursor is past it', async () => {
    const { owner, mona, service, monaId, tinaId, protocol } = await cast();
    const before = await pull(mona);
    await owner.put(`/api/services/${service.id}/team`, { userIds: [tinaId, monaId] });
    const after = await pull(mona, before.cursor);
    expect(after.patientDataServices).toEqual([service.id]);
    expect(of(after.changes, 'patientData').map((c) => c.id)).toEqual([protocol.protocol.id]);
    expect(of(after.changes, 'minorTreatment')[0]).toMatchObject({ data: { patientName: 'Karl Kleinpatient' } });
    expect(of(after.changes, 'service')[0]).toMatchObject({ data: { accessCode: expect.stringMatching(/\S/) as unknown } });
    expect(of(after.changes, 'serviceTeamMember').map((c) => c.id)).toEqual([`${service.id}:${monaId}`]);
  });

  it('shrinks the scope on removal (tombstone, code hidden) and after the window', async () => {
    const { app, owner, tina, service, tinaId } = await cast();
    const before = await pull(tina);
    await owner.put(`/api/services/${service.id}/team`, { userIds: [] });
    const after = await pull(tina, before.cursor);
    expect(after.patientDataServices).toEqual([]);
    expect(after.changes).toEqual(expect.arrayContaining([expect.objectContaining({ entity: 'serviceTeamMember', op: 'delete', id: `${service.id}:${tinaId}` })]));
    expect(of(after.changes, 'service')[0]).toMatchObject({ data: { accessCode: null } });

    // Back on the team, but the service ended more than 24 h ago: outside the window.
    await owner.put(`/api/services/${service.id}/team`, { userIds: [tinaId] });
    expect((await pull(tina)).patientDataServices).toEqual([service.id]);
    const ended = { startDate: new Date(Date.now() - 40 * hour).toISOString(), endDate: new Date(Date.now() - 25 * hour).toISOString() };
    await app.db.updateTable('services').set(ended).where('id', '=', service.id).execute();
    const past = await pull(tina);
    expect(past.patientDataServices).toEqual([]);
    expect(of(past.changes, 'patientData')).toEqual([]);
    expect(of(past.changes, 'minorTreatment')[0]).toMatchObject({ data: { patientName: null } });
    // 23 h after the end it is still inside.
    await app.db.updateTable('services').set({ endDate: new Date(Date.now() - 23 * hour).toISOString() }).where('id', '=', service.id).execute();
    expect((await pull(tina)).patientDataServices).toEqual([service.id]);
    // End dates keep their offset: the same rule for 23 h and 25 h ago written at UTC−10.
    const atMinusTen = (ms: number) => `${new Date(ms - 10 * hour).toISOString().slice(0, 19)}-10:00`;
    await app.db.updateTable('services').set({ endDate: atMinusTen(Date.now() - 23 * hour) }).where('id', '=', service.id).execute();
    expect((await pull(tina)).patientDataServices).toEqual([service.id]);
    await app.db.updateTable('services').set({ endDate: atMinusTen(Date.now() - 25 * hour) }).where('id', '=', service.id).execute();
    expect((await pull(tina)).patientDataServices).toEqual([]);
  });

  it('an account a platform admin deletes leaves every team with a tombstone, not only by cascade', async () => {
    const { app, owner, service, tinaId } = await cast();
    const before = await pull(owner);
    const admin = await adminClient(app);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/users/${tinaId}` })).statusCode).toBe(200);
    const after = await pull(owner, before.cursor);
    expect(after.changes).toEqual(expect.arrayContaining([expect.objectContaining({ entity: 'serviceTeamMember', op: 'delete', id: `${service.id}:${tinaId}` })]));
  });

  it('sends the replaced values (the history) to the team\'s devices only, none to a member off the team', async () => {
    const { tina, mona, protocol } = await cast();
    const url = `/api/patient-protocols/${protocol.protocol.id}`;
    await tina.patch(url, { baseVersion: protocol.protocol.version, chiefComplaint: 'Tablet A', patientData: { phone: '0170 111' } });
    await mona.patch(url, { baseVersion: protocol.protocol.version, chiefComplaint: 'Tablet B', patientData: { phone: '0170 222' } });
    const replaced = (await pulledHistory(tina, protocol.protocol.id)).filter((r) => r.replacedConcurrentEdit).map((r) => r.entity).sort();
    expect(replaced).toEqual(['patientData', 'protocol']);
    // Off the team: no revision at all, neither the protocol's clinical part nor its patient data.
    expect(await pulledHistory(mona, protocol.protocol.id)).toEqual([]);
  });

  it("keeps counting a removed member's unsynced captures (writes stay open to every member)", async () => {
    const { app, owner, tina, service } = await cast();
    await owner.put(`/api/services/${service.id}/team`, { userIds: [] });
    const id = randomUUID();
    const push = await tina.post('/api/sync/push', {
      deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ mutationId: randomUUID(), seq: 1, name: 'minorTreatment.create', createdAt: new Date().toISOString(),
        args: { id, serviceId: service.id, patientName: 'Offline Olli', description: 'Kühlpack', materials: [], createdAt: new Date().toISOString() } }],
    });
    expect(json<PushResponse>(push).results).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(await app.db.selectFrom('minorTreatments').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
    expect(json<Service>(await tina.get(`/api/services/${service.id}`)).accessCode).toBeNull();
  });
});
