import type { PatientProtocol, PullResponse } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { pendingRows } from '../../src/data/outbox';
import { recordProtocolAccess, recordSimpleVitals, addTreatmentEntry, recordVitals } from '../../src/data/repositories/protocolRecords';
import { createProtocol, dischargeProtocol, getProtocolView, listServiceProtocols, updateProtocol } from '../../src/data/repositories/protocols';
import { applyPullPage } from '../../src/sync/applyPull';
import { organization, openTestDb, refusalText, seedOrganizations, serverService, upsertService } from '../helpers/sync';

const serviceId = '0190a000-0000-7000-8000-000000000001';

async function deviceWithService() {
  const db = openTestDb();
  await seedOrganizations(db, 1);
  await db.services.put(serverService(serviceId, 1));
  return db;
}

const newProtocol = () => ({
  serviceId,
  patientData: { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1980-04-02', address: '' },
  chiefComplaint: 'Kreislaufbeschwerden',
  materials: [{ id: 7, quantity: 2 }],
});

describe('protocol repository', () => {
  it('creates the protocol, its patient data apart, the usage row and one outbox row in one write', async () => {
    const db = await deviceWithService();
    const id = await createProtocol(newProtocol());
    const view = await getProtocolView(db, id);
    expect(view?.protocol).toMatchObject({ id, serviceId, serviceName: 'Stadtfest', serviceProtocolNumber: 0, status: 'active', chiefComplaint: 'Kreislaufbeschwerden' });
    expect(view?.patientData).toEqual({ firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1980-04-02' });
    expect(await db.materialUsage.where('serviceId').equals(serviceId).toArray()).toMatchObject([{ materialId: 7, quantity: 2, source: 'patient_protocol', sourceId: id }]);
    const rows = await pendingRows(db);
    expect(rows.map((r) => r.name)).toEqual(['protocol.create']);
    expect(rows[0]?.args).toMatchObject({ id, serviceId, patientData: { firstName: 'Erika', lastName: 'Mustermann' } });
  });

  it('refuses a protocol without names with the German message and writes nothing', async () => {
    const db = await deviceWithService();
    await expect(createProtocol({ ...newProtocol(), patientData: { firstName: '', lastName: 'X' } })).rejects.toThrow('Vorname ist erforderlich');
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends only changed fields with the versions the device edited', async () => {
    const db = await deviceWithService();
    const id = await createProtocol(newProtocol());
    expect(await updateProtocol(id, { chiefComplaint: 'Kreislaufbeschwerden' })).toBe(false);
    expect(await updateProtocol(id, { chiefComplaint: 'Synkope', allergies: 'Penicillin', patientData: { firstName: 'Erika', phone: '0171 123' } })).toBe(true);
    const update = (await pendingRows(db)).find((r) => r.name === 'protocol.update');
    expect(update?.args).toMatchObject({ id, baseVersion: 0, patientDataBaseVersion: 0, chiefComplaint: 'Synkope', allergies: 'Penicillin', patientData: { phone: '0171 123' } });
    expect(update?.args).not.toHaveProperty('patientData.firstName');
    expect((await getProtocolView(db, id))?.patientData).toMatchObject({ phone: '0171 123' });
  });

  it('records vitals and entries; a discharged protocol refuses further writes', async () => {
    const db = await deviceWithService();
    const id = await createProtocol(newProtocol());
    await recordSimpleVitals(id, { heartRate: '88', bloodPressureSystolic: '120', bloodPressureDiastolic: '' });
    await recordVitals(id, [{ parameterType: 'oxygen_saturation', value: '97', unit: '%' }]);
    await addTreatmentEntry(id, { time: '14:05', text: 'Pulsoxymetrie angelegt', performer: 'helfer1' });
    expect(await refusalText(recordSimpleVitals(id, {}))).toBe('Bitte geben Sie mindestens einen Vitalparameter ein.');
    const view = await getProtocolView(db, id);
    expect(view?.vitals).toHaveLength(2);
    expect(view?.vitals[0]?.values).toEqual(expect.arrayContaining([expect.objectContaining({ parameterType: 'blood_pressure', value: '120/-' })]));
    expect(view?.entries).toMatchObject([{ text: 'Pulsoxymetrie angelegt', performer: 'helfer1', performerName: null }]);

    await expect(dischargeProtocol(id, { dischargeStatus: 'stabil', dischargeOutcome: 'ambulance', dischargeDestination: '', handoverTo: 'RTW 1' })).rejects.toThrow('Verbleib ist erforderlich');
    await dischargeProtocol(id, { dischargeStatus: 'stabil', dischargeOutcome: 'ambulance', dischargeDestination: 'Klinikum', handoverTo: 'RTW 1' });
    expect((await getProtocolView(db, id))?.protocol).toMatchObject({ status: 'discharged', dischargeDestination: 'Klinikum' });
    expect(await refusalText(addTreatmentEntry(id, { time: '14:10', text: 'Nachtrag', performer: 'helfer2' }))).toContain('abgeschlossen');
    // The fake organisation keys do not match their fingerprint: nothing sealed, and no plaintext either.
    const discharge = (await pendingRows(db)).find((r) => r.name === 'protocol.discharge');
    expect(JSON.stringify(discharge?.args)).not.toContain('Mustermann');
  });

  it('queues access events with their real time and never throws', async () => {
    const db = await deviceWithService();
    const id = await createProtocol(newProtocol());
    await recordProtocolAccess(id, 'protocol_opened');
    await recordProtocolAccess('not-a-uuid', 'print_handover');
    const events = (await pendingRows(db)).filter((r) => r.name === 'accessLog.record');
    expect(events).toHaveLength(1);
    expect(events[0]?.args).toMatchObject({ protocolId: id, actionType: 'protocol_opened', occurredAt: expect.any(String) as string });
  });
});

describe('pull of protocol entities', () => {
  it('stores the server copy, keeps pending local edits on top and drops patient data on a confirmed discharge', async () => {
    const db = await deviceWithService();
    const id = await createProtocol(newProtocol());
    const local = (await getProtocolView(db, id))?.protocol as PatientProtocol;
    const server: PatientProtocol = { ...local, serviceProtocolNumber: 4, version: 12 };
    await db.outbox.clear();
    await updateProtocol(id, { chiefComplaint: 'Lokal geändert' });
    const page = (changes: PullResponse['changes']): PullResponse => ({ cursor: 'c', hasMore: false, organizations: [organization(1)], patientDataServices: [serviceId], changes });
    await applyPullPage(db, page([
      upsertService(serverService(serviceId, 1)),
      { entity: 'protocol', op: 'upsert', id, organizationId: 1, version: 12, data: server },
      { entity: 'patientData', op: 'upsert', id, organizationId: 1, version: 13, data: { protocolId: id, version: 13, patientData: { firstName: 'Erika', lastName: 'Mustermann' } } },
    ]));
    let view = await getProtocolView(db, id);
    expect(view?.protocol).toMatchObject({ serviceProtocolNumber: 4, chiefComplaint: 'Lokal geändert' });
    expect(view?.patientDataVersion).toBe(13);

    await applyPullPage(db, page([
      { entity: 'protocol', op: 'upsert', id, organizationId: 1, version: 20, data: { ...server, status: 'discharged', version: 20 } },
      { entity: 'patientData', op: 'delete', id, organizationId: 1, version: 21 },
    ]));
    view = await getProtocolView(db, id);
    expect(view?.patientData).toBeNull();
    expect(await listServiceProtocols(db, serviceId)).toHaveLength(1);

    // Membership ended: every protocol row of the organisation leaves the device.
    await applyPullPage(db, { cursor: 'd', hasMore: false, organizations: [], patientDataServices: [], changes: [] });
    expect(await db.protocols.count()).toBe(0);
  });
});
