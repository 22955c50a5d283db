import { randomUUID } from 'node:crypto';
import type { ManvPatient, ManvTriage, PushResponse, SyncChange } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION, countManv, manvMessages } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestDevice } from '../../helpers/deviceKeys';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { assignTeam, createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/** MANV incidents, tags, triages and transports through push and pull (domain/manv). */

const seqs = new Map<string, number>();
async function push(client: Client, deviceId: string, name: string, args: unknown) {
  const seq = (seqs.get(deviceId) ?? 0) + 1;
  seqs.set(deviceId, seq);
  const response = await client.post('/api/sync/push', {
    deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() }],
  });
  expect(response.statusCode).toBe(200);
  const [result] = json<PushResponse>(response).results;
  return result;
}

/** As the client's tablet pulls: naming a device registered with the password, sealed fields opened. */
const tablets = new WeakMap<Client, TestDevice>();
async function pullAll(client: Client): Promise<SyncChange[]> {
  const tablet = tablets.get(client) ?? (await registerDevice(client));
  tablets.set(client, tablet);
  return (await pullAsDevice(client, tablet)).changes;
}
const dataOf = (changes: SyncChange[], entity: SyncChange['entity']) =>
  changes.filter((c) => c.entity === entity && c.op === 'upsert').map((c) => (c as { data: unknown }).data);

const triage = (category: string, at = new Date().toISOString()) => ({
  id: randomUUID(), category, phase: 'pre_triage', algorithm: 'mstart', qualification: 'paramedic', triagedAt: at,
});

async function setup() {
  const app: FastifyInstance = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const medic = await addMember(app, owner, orgId, 'mona');
  const other = await addMember(app, owner, orgId, 'otto');
  const outsider = await addMember(app, owner, orgId, 'uwe');
  const service = await createServiceVia(owner, orgId);
  await assignTeam(owner, service.id, [owner, medic, other]);
  const incidentId = randomUUID();
  const opened = await push(owner, randomUUID(), 'manvIncident.open', { id: incidentId, serviceId: service.id, name: 'Bühneneinsturz', startedAt: new Date().toISOString() });
  expect(opened).toMatchObject({ status: 'applied' });
  return { app, owner, medic, other, outsider, service, incidentId };
}

describe('MANV sync', () => {
  it('only owner and admins open an incident; a member is refused in German', async () => {
    const { medic, service } = await setup();
    const result = await push(medic, randomUUID(), 'manvIncident.open', { id: randomUUID(), serviceId: service.id, name: 'X', startedAt: new Date().toISOString() });
    expect(result).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', message: manvMessages.notAllowed });
  });

  it('the team pulls tags and triages; a member off the team pulls the incident but no patient data', async () => {
    const { medic, other, outsider, incidentId } = await setup();
    const patientId = randomUUID();
    const first = triage('sk2');
    expect(await push(medic, randomUUID(), 'manvPatient.register', {
      id: patientId, incidentId, tagNumber: ' a 17 ', createdAt: new Date().toISOString(), person: { name: 'Erika Muster', estimatedAge: 40 }, triage: first,
    })).toMatchObject({ status: 'applied' });

    const teamChanges = await pullAll(other);
    const [patient] = dataOf(teamChanges, 'manvPatient') as ManvPatient[];
    expect(patient).toMatchObject({ id: patientId, tagNumber: 'A17', name: 'Erika Muster', estimatedAge: 40, transport: null });
    expect(dataOf(teamChanges, 'manvTriage')).toEqual([expect.objectContaining({ id: first.id, patientId, category: 'sk2', triagedByName: 'mona' })]);

    const outsiderChanges = await pullAll(outsider);
    expect(dataOf(outsiderChanges, 'manvIncident')).toHaveLength(1);
    expect(dataOf(outsiderChanges, 'manvPatient')).toEqual([]);
    expect(dataOf(outsiderChanges, 'manvTriage')).toEqual([]);
  });

  it('stores person data encrypted at rest, and archiving erases it (tags, categories and transports stay)', async () => {
    const { app, owner, medic, service, incidentId } = await setup();
    const patientId = randomUUID();
    await push(medic, randomUUID(), 'manvPatient.register', { id: patientId, incidentId, tagNumber: '5', createdAt: new Date().toISOString(), person: { name: 'Geheim Name' }, triage: triage('sk3') });
    const row = await app.db.selectFrom('manvPatients').select('personEnc').where('id', '=', patientId).executeTakeFirstOrThrow();
    expect(row.personEnc).not.toContain('Geheim');

    await owner.patch(`/api/services/${service.id}`, { endDate: new Date(Date.now() - 1000).toISOString(), startDate: new Date(Date.now() - 7_200_000).toISOString() });
    const archived = await owner.patch(`/api/services/${service.id}/archive`, {});
    expect(archived.statusCode).toBe(200);
    const after = await app.db.selectFrom('manvPatients').select(['personEnc', 'tagNumber']).where('id', '=', patientId).executeTakeFirstOrThrow();
    expect(after).toEqual({ personEnc: null, tagNumber: '5' });
    expect(await app.db.selectFrom('manvTriages').select('category').where('patientId', '=', patientId).execute()).toEqual([{ category: 'sk3' }]);
  });

  it('keeps both rows when two devices register the same tag number, until one is merged', async () => {
    const { medic, other, incidentId } = await setup();
    const [a, b] = [randomUUID(), randomUUID()];
    await push(medic, randomUUID(), 'manvPatient.register', { id: a, incidentId, tagNumber: '42', createdAt: new Date().toISOString(), triage: triage('sk2') });
    await push(other, randomUUID(), 'manvPatient.register', { id: b, incidentId, tagNumber: '42', createdAt: new Date().toISOString(), triage: triage('sk1') });
    let changes = await pullAll(medic);
    let counts = countManv(dataOf(changes, 'manvPatient') as ManvPatient[], dataOf(changes, 'manvTriage') as ManvTriage[]);
    expect(counts).toMatchObject({ patients: 2, tagConflicts: 1 });

    expect(await push(medic, randomUUID(), 'manvPatient.update', { id: b, duplicateOf: a })).toMatchObject({ status: 'applied' });
    changes = await pullAll(medic);
    counts = countManv(dataOf(changes, 'manvPatient') as ManvPatient[], dataOf(changes, 'manvTriage') as ManvTriage[]);
    expect(counts).toMatchObject({ patients: 1, tagConflicts: 0 });
    expect(counts.byCategory.sk1.total + counts.byCategory.sk2.total).toBe(1);
    expect(await push(medic, randomUUID(), 'manvPatient.update', { id: a, duplicateOf: a })).toMatchObject({ status: 'rejected', message: manvMessages.duplicateSelf });
  });

  it('keeps a triage that arrives after the transport, and the counts flag it', async () => {
    const { medic, other, incidentId } = await setup();
    const patientId = randomUUID();
    const t0 = Date.now() - 600_000;
    await push(medic, randomUUID(), 'manvPatient.register', { id: patientId, incidentId, tagNumber: '7', createdAt: new Date(t0).toISOString(), triage: triage('sk2', new Date(t0).toISOString()) });
    expect(await push(medic, randomUUID(), 'manvTransport.record', {
      patientId, priority: 'high', means: 'rtw', destination: 'Klinikum Mitte', position: 'lying', departedAt: new Date(t0 + 60_000).toISOString(),
    })).toMatchObject({ status: 'applied' });
    // Another tablet, offline, re-triaged the patient after the departure and pushes now.
    expect(await push(other, randomUUID(), 'manvTriage.record', { ...triage('sk1', new Date(t0 + 120_000).toISOString()), phase: 're_triage', patientId }))
      .toMatchObject({ status: 'applied' });
    const changes = await pullAll(medic);
    const patients = dataOf(changes, 'manvPatient') as ManvPatient[];
    expect(patients[0]?.transport).toMatchObject({ destination: 'Klinikum Mitte', position: 'lying' });
    const counts = countManv(patients, dataOf(changes, 'manvTriage') as ManvTriage[]);
    expect(counts).toMatchObject({ patients: 1, transported: 1, lateTriagePatients: 1 });
    expect(counts.byCategory.sk1).toMatchObject({ total: 1, transported: 1, byPhase: { re_triage: 1 } });
  });

  it('logs the person list export in the access log', async () => {
    const { app, medic, service } = await setup();
    const result = await push(medic, randomUUID(), 'accessLog.record', { id: randomUUID(), serviceId: service.id, actionType: 'manv_person_list_exported', occurredAt: new Date().toISOString() });
    expect(result).toMatchObject({ status: 'applied' });
    const rows = await app.db.selectFrom('accessLogs').select(['actionType', 'details']).where('serviceId', '=', service.id).where('actionType', '=', 'manv_person_list_exported').execute();
    expect(rows).toEqual([expect.objectContaining({ details: expect.stringContaining('Personenliste des MANV exportiert') as string })]);
  });
});
