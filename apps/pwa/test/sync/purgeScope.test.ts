import type { PullResponse, ServiceTeamMember, SyncChange } from '@sanidok/schema';
import { serviceTeamMemberId } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import type { SaniDokDb } from '../../src/data/db';
import { pendingRows } from '../../src/data/outbox';
import { createMinorTreatment } from '../../src/data/repositories/minorTreatments';
import { createProtocol, getProtocolView, updateProtocol } from '../../src/data/repositories/protocols';
import { listServiceTeam, teamStanding } from '../../src/data/repositories/serviceTeams';
import { applyPullPage } from '../../src/sync/applyPull';
import { otherServiceId, runningService, seedCapture, serviceId, treatmentRow, upsertTreatment, uuid } from '../features/minorTreatments/minorTreatments.fixtures';
import { createEngine, openTestDb, organization, startAndSettle, syncAgain } from '../helpers/sync';

function page(overrides: Partial<PullResponse>): PullResponse {
  return { cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId, otherServiceId], changes: [], ...overrides };
}

const member = (userId: number, overrides: Partial<ServiceTeamMember> = {}): ServiceTeamMember => ({
  serviceId, organizationId: 1, userId, username: `Person ${userId}`, addedAt: '2026-07-04T08:00:00.000Z', addedById: 1, addedByName: 'Olga', method: 'assigned', ...overrides,
});
const upsertMember = (data: ServiceTeamMember, version = 30): SyncChange => ({
  entity: 'serviceTeamMember', op: 'upsert', id: serviceTeamMemberId(data.serviceId, data.userId), organizationId: 1, version, data,
});

async function device(): Promise<SaniDokDb> {
  const db = openTestDb();
  await seedCapture(db, [runningService(serviceId), runningService(otherServiceId, { name: 'Weinfest' })]);
  return db;
}

const newProtocol = (service: string, lastName: string) => ({
  serviceId: service, patientData: { firstName: 'Erika', lastName }, chiefComplaint: 'Kreislauf', materials: [],
});

describe('patient data follows the team (purge by scope after a pull)', () => {
  it('stores team members by their sync id, deletes removed ones, and says whether I am on the team', async () => {
    const db = await device();
    expect(await teamStanding(db, serviceId)).toBe('unknown');
    await applyPullPage(db, page({ changes: [upsertMember(member(db.userId, { method: 'creator' })), upsertMember(member(77, { addedAt: '2026-07-04T09:00:00.000Z' }))] }));
    expect(await teamStanding(db, serviceId)).toBe('member');
    expect(await teamStanding(db, otherServiceId)).toBe('notMember');
    expect((await listServiceTeam(db, serviceId)).map((m) => [m.id, m.method])).toEqual([
      [serviceTeamMemberId(serviceId, db.userId), 'creator'],
      [serviceTeamMemberId(serviceId, 77), 'assigned'],
    ]);
    await applyPullPage(db, page({ changes: [{ entity: 'serviceTeamMember', op: 'delete', id: serviceTeamMemberId(serviceId, db.userId), organizationId: 1, version: 31 }] }));
    expect(await teamStanding(db, serviceId)).toBe('notMember');
    expect((await listServiceTeam(db, serviceId)).map((m) => m.userId)).toEqual([77]);
  });

  it('purges patient data, treatment names and the clinical part of services outside the scope, keeps in-scope data', async () => {
    const db = await device();
    const inScope = await createProtocol(newProtocol(serviceId, 'Bleibt'));
    const outOfScope = await createProtocol(newProtocol(otherServiceId, 'Geht'));
    await db.outbox.clear();
    await applyPullPage(db, page({
      changes: [upsertTreatment(treatmentRow(uuid(1))), upsertTreatment(treatmentRow(uuid(2), { serviceId: otherServiceId, patientName: 'Zoe Zeugin' }))],
    }));
    expect(await db.patientData.count()).toBe(2);

    await applyPullPage(db, page({ patientDataServices: [serviceId] }));
    expect((await getProtocolView(db, inScope))?.patientData).toMatchObject({ lastName: 'Bleibt' });
    expect((await getProtocolView(db, outOfScope))?.patientData).toBeNull();
    // The clinical part follows the team as well; the rows stay.
    expect(await db.protocols.get(outOfScope)).toMatchObject({ chiefComplaint: null });
    expect(await db.protocols.get(inScope)).toMatchObject({ chiefComplaint: 'Kreislauf' });
    expect(await db.minorTreatments.get(uuid(1))).toMatchObject({ patientName: 'Max Mustermann', description: 'Schürfwunde Knie' });
    expect(await db.minorTreatments.get(uuid(2))).toMatchObject({ patientName: null, description: '' });
    expect(await db.getMeta('patientDataServices')).toEqual([serviceId]);

    // Scope empty (removed from every team, or past every window): nothing identifying is left.
    await applyPullPage(db, page({ patientDataServices: [] }));
    expect(await db.patientData.count()).toBe(0);
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual([null, null]);
  });

  it('purges names only between and around the services of the scope (index ranges)', async () => {
    const db = await device();
    // Service ids on both sides of the scope's ids in index order, and one between them.
    const services = ['0a', '3c', '5e', '7f', 'f0'].map((prefix) => `${prefix}000000-0000-7000-8000-000000000000`);
    const scope = [services[1] ?? '', services[3] ?? ''];
    const changes = services.map((service, index) => upsertTreatment(treatmentRow(uuid(40 + index), { serviceId: service, patientName: `Name ${index}` })));
    await applyPullPage(db, page({ patientDataServices: services, changes }));
    expect((await db.minorTreatments.toArray()).filter((t) => t.patientName).length).toBe(5);

    await applyPullPage(db, page({ patientDataServices: scope }));
    const names = new Map((await db.minorTreatments.toArray()).map((t) => [t.serviceId, t.patientName]));
    expect(services.map((service) => names.get(service))).toEqual([null, 'Name 1', null, 'Name 3', null]);
  });

  it('keeps a pending write through the purge, and purges it after the push', async () => {
    const db = await device();
    const protocolId = await createProtocol(newProtocol(otherServiceId, 'Offline'));
    const treatmentId = await createMinorTreatment({ serviceId: otherServiceId, patientName: 'Paula Pending', description: 'Pflaster', materials: [] });
    // A pull while the outbox is not empty (e.g. another tab pulled): the unsynced capture stays.
    await applyPullPage(db, page({ patientDataServices: [] }));
    expect((await getProtocolView(db, protocolId))?.patientData).toMatchObject({ lastName: 'Offline' });
    expect((await db.minorTreatments.get(treatmentId))?.patientName).toBe('Paula Pending');
    expect((await pendingRows(db)).map((r) => r.name)).toEqual(['protocol.create', 'minorTreatment.create']);

    // The engine pushes first, then pulls: the pull's purge finds the outbox empty.
    const harness = createEngine(db);
    harness.server.patientDataServices = [];
    await startAndSettle(harness);
    expect(harness.server.applied.map((m) => m.name)).toEqual(['protocol.create', 'minorTreatment.create']);
    expect(await pendingRows(db)).toEqual([]);
    expect((await getProtocolView(db, protocolId))?.patientData).toBeNull();
    expect((await db.minorTreatments.get(treatmentId))?.patientName).toBeNull();
  });

  it('purges vital values and treatment texts with their protocol, and retries a protocol the outbox kept', async () => {
    const db = await device();
    const protocolId = await createProtocol(newProtocol(otherServiceId, 'Klinisch'));
    const vital: SyncChange = { entity: 'vitalRecord', op: 'upsert', id: uuid(60), organizationId: 1, version: 41, data: {
      id: uuid(60), protocolId, organizationId: 1, recordedAt: '2026-07-04T10:00:00.000Z', recordedById: 7,
      values: [{ id: `${uuid(60)}:0`, parameterType: 'heart_rate', value: '97', unit: '/min' }] } };
    const entry: SyncChange = { entity: 'treatmentEntry', op: 'upsert', id: uuid(61), organizationId: 1, version: 42, data: {
      id: uuid(61), protocolId, organizationId: 1, time: '10:05', text: 'Verband angelegt', performer: 'custom', performerName: 'Dr. Weiß',
      createdAt: '2026-07-04T10:05:00.000Z', recordedById: 7 } };
    await applyPullPage(db, page({ changes: [vital, entry] }));
    // The protocol's create is still in the outbox: its clinical part stays, and the service is tried again.
    await applyPullPage(db, page({ patientDataServices: [serviceId] }));
    expect(await db.protocols.get(protocolId)).toMatchObject({ chiefComplaint: 'Kreislauf' });
    expect(await db.getMeta('clinicalScope')).toEqual([serviceId, otherServiceId]);

    await db.outbox.clear();
    await applyPullPage(db, page({ patientDataServices: [serviceId] }));
    expect(await db.protocols.get(protocolId)).toMatchObject({ chiefComplaint: null, allergies: null });
    expect(await db.vitalRecords.get(uuid(60))).toMatchObject({ values: [] });
    expect(await db.treatmentEntries.get(uuid(61))).toMatchObject({ text: '', performerName: null });
    expect(await db.getMeta('clinicalScope')).toEqual([serviceId]);
    // Its fields now read empty: an edit would overwrite values nobody on this device saw.
    await expect(updateProtocol(protocolId, { allergies: 'Nüsse' })).rejects.toMatchObject({ code: 'clinicalWithheld' });
  });

  it('keeps the data of a rejected write until the rejection is dismissed', async () => {
    const db = await device();
    const protocolId = await createProtocol(newProtocol(otherServiceId, 'Abgelehnt'));
    await applyPullPage(db, page({}));
    // A rejected update (not a create: a create is reverted) stays in the outbox for the user to see.
    await db.outbox.toCollection().modify({ name: 'protocol.update', status: 'rejected', message: 'Abgelehnt' });
    await applyPullPage(db, page({ patientDataServices: [] }));
    expect((await getProtocolView(db, protocolId))?.patientData).toMatchObject({ lastName: 'Abgelehnt' });

    await db.outbox.where('status').equals('rejected').delete();
    await applyPullPage(db, page({ patientDataServices: [] }));
    expect((await getProtocolView(db, protocolId))?.patientData).toBeNull();
  });

  it('a team member added again receives the data the server re-sends', async () => {
    const db = await device();
    const harness = createEngine(db);
    harness.server.patientDataServices = [];
    await startAndSettle(harness);
    harness.server.patientDataServices = [serviceId];
    harness.server.pages = [page({
      cursor: 'c2', patientDataServices: [serviceId],
      changes: [upsertMember(member(db.userId, { method: 'accessCode' })), upsertTreatment(treatmentRow(uuid(5), { patientName: 'Jana Joined' }), 40)],
    })];
    await syncAgain(harness);
    expect(await teamStanding(db, serviceId)).toBe('member');
    expect((await db.minorTreatments.get(uuid(5)))?.patientName).toBe('Jana Joined');
  });

  it('leaving the organisation takes its team rows with it', async () => {
    const db = await device();
    await applyPullPage(db, page({ changes: [upsertMember(member(db.userId))] }));
    await applyPullPage(db, page({ organizations: [], patientDataServices: [] }));
    expect(await db.serviceTeamMembers.count()).toBe(0);
  });
});
