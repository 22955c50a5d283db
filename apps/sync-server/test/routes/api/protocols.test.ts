import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../../helpers/organizations';
import { createProtocolVia, databaseText, dischargePayload, protocolCounts, protocolPayload, storedPatientData, storedProtocol } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, PatientProtocolWithSummary, ProtocolDetail, PublicUser } from '@sanidok/schema';

const closed = 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.';

const setup = serviceTeam;

describe('patient protocols', () => {
  it('creates a numbered protocol; patient data is encrypted at rest, apart from the clinical row, and not in the reply', async () => {
    const { app, medic, service, material } = await setup();
    const kuehl = await material('Kühlpack');
    const response = await medic.post('/api/patient-protocols', protocolPayload(service.id, {
      materials: [{ id: kuehl, quantity: 2 }], encryptionKey: 'wird ignoriert', status: 'discharged', treatedById: 1,
    }));
    expect(response.statusCode).toBe(201);
    const { protocol, patientData } = json<ProtocolDetail>(response);
    // The reply carries no clinical field either (docs/security.md "Clinical data follows the team"); the server stored it.
    expect(protocol).toMatchObject({ serviceProtocolNumber: 1, status: 'active', serviceName: 'Stadtfest Musterstadt', allergies: null, needsReview: false });
    expect(await storedProtocol(app, protocol.id)).toMatchObject({ allergies: 'Penicillin' });
    // REST answers no patient data, even to its writer (docs/security.md "Patient data needs the unlocked device").
    expect(patientData).toBeNull();
    expect(await storedPatientData(app, protocol.id)).toEqual({ firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich', address: 'Hauptstraße 5, 12345 Musterstadt' });
    expect(Object.keys(protocol)).not.toContain('patientData');

    const row = await app.db.selectFrom('protocolPatientData').selectAll().executeTakeFirstOrThrow();
    expect(row.dataEnc).toMatch(/^v1\./);
    const bytes = await databaseText(app);
    for (const plaintext of ['Jürgen', 'Müller', 'Hauptstraße', '1980-04-12']) expect(bytes).not.toContain(plaintext);
    expect(bytes).toContain('Penicillin'); // clinical fields are not patient-identifying and stay searchable

    const usage = await app.db.selectFrom('materialUsage').selectAll().executeTakeFirstOrThrow();
    expect(usage).toMatchObject({ source: 'patient_protocol', sourceId: protocol.id, quantity: 2 });
    expect((await medic.get(`/api/materials/used?serviceId=${service.id}`)).json()).toMatchObject([{ name: 'Kühlpack', count: 2 }]);

    const second = await createProtocolVia(medic, service.id, { patientData: JSON.stringify({ firstName: 'Eva', lastName: 'Schulz', patientAddress: 'Gartenweg 1' }) });
    expect(second.protocol.serviceProtocolNumber).toBe(2);
    expect(await storedPatientData(app, second.protocol.id)).toEqual({ firstName: 'Eva', lastName: 'Schulz', address: 'Gartenweg 1' });
    expect(json<PatientProtocolWithSummary[]>(await medic.get(`/api/services/${service.id}/patient-protocols`)).map((p: { serviceProtocolNumber: number }) => p.serviceProtocolNumber)).toEqual([1, 2]);
    expect((await medic.get('/api/patient-protocols')).json()).toHaveLength(2);
    const detail = json<ProtocolDetail>(await medic.get(`/api/patient-protocols/${protocol.id}?encryptionKey=egal`));
    expect(detail).toMatchObject({ protocol: { id: protocol.id }, patientData: null });
  });

  it('rejects bad input with German messages and writes nothing', async () => {
    const { app, medic, service, material } = await setup();
    const stranger = await registeredClient(app, 'fremd');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Org');
    const foreignMaterial = await material('Fremd', otherOrg, stranger);
    const base = protocolPayload(service.id);
    const cases: [unknown, number, string][] = [
      [{ ...base, serviceId: '' }, 400, 'Bitte wählen Sie einen Sanitätsdienst aus'],
      [{ ...base, serviceId: randomUUID() }, 404, 'Sanitätsdienst nicht gefunden'],
      [{ ...base, patientData: undefined }, 400, 'Patientendaten sind erforderlich'],
      [{ ...base, patientData: '{kaputt' }, 400, 'Vorname ist erforderlich'],
      [{ ...base, patientData: { firstName: 'Anna', lastName: '  ' } }, 400, 'Nachname ist erforderlich'],
      [{ ...base, patientData: { firstName: 'Anna', lastName: 'B', dateOfBirth: '2020-02-31' } }, 400, 'Bitte geben Sie ein gültiges Geburtsdatum ein (TT.MM.JJJJ)'],
      [{ ...base, patientData: { firstName: 'Anna', lastName: 'B', dateOfBirth: '2999-01-01' } }, 400, 'Das Geburtsdatum darf nicht in der Zukunft liegen'],
      [{ ...base, patientData: { firstName: 'Anna', lastName: 'B', gender: 'x' } }, 400, 'Bitte wählen Sie männlich, weiblich oder divers'],
      [{ ...base, chiefComplaint: 'x'.repeat(4001) }, 400, 'Der Text darf höchstens 4000 Zeichen lang sein'],
      [{ ...base, materials: [{ id: 1, quantity: 0 }] }, 400, 'Menge muss mindestens 1 sein'],
      [{ ...base, materials: [{ id: foreignMaterial, quantity: 1 }] }, 400, 'Das Material gehört nicht zur Organisation dieses Sanitätsdienstes.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await medic.post('/api/patient-protocols', payload);
      expect([response.statusCode, json<ApiErrorBody>(response).message], message).toEqual([status, message]);
    }
    expect(await protocolCounts(app)).toMatchObject({ protocols: 0, patientData: 0, usage: 0 });
    const created = await createProtocolVia(medic, service.id);
    expect(json<ApiErrorBody>(await medic.post('/api/patient-protocols', { ...base, id: created.protocol.id })).message).toBe('Dieses Protokoll wurde bereits erfasst.');
  });

  it('updates field by field, merges patient data, adds materials and treatment entries', async () => {
    const { app, owner, medic, service, material } = await setup();
    const pflaster = await material('Pflaster');
    const { protocol } = await createProtocolVia(medic, service.id);
    const entryId = randomUUID();
    const response = await medic.patch(`/api/patient-protocols/${protocol.id}`, {
      baseVersion: protocol.version, medications: 'Ramipril 5 mg', helper1: 'Max Helfer', allergies: '', treatmentSummary: 'wird ignoriert',
      patientData: JSON.stringify({ phone: '0171 1234567', address: '' }), materials: [{ id: pflaster, quantity: 3 }],
      treatmentEntries: [{ id: entryId, time: '14:05', text: 'Pulsoxymetrie angelegt', performer: 'helfer1', performerName: 'wird verworfen' }],
    });
    expect(response.statusCode).toBe(200);
    const body = json<ProtocolDetail>(response);
    expect(body.protocol).toMatchObject({ medications: null, chiefComplaint: null, treatmentSummary: '' });
    const stored = await storedProtocol(app, protocol.id);
    expect(stored).toMatchObject({ medications: 'Ramipril 5 mg', helper1: 'Max Helfer', allergies: null, chiefComplaint: 'Synkope nach längerem Stehen' });
    expect(stored.treatmentSummary).toBe('[14:05] Pulsoxymetrie angelegt (Helfer 1)');
    expect(body.patientData).toBeNull();
    expect(await storedPatientData(app, protocol.id)).toEqual({ firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich', phone: '0171 1234567' });
    expect((await medic.get(`/api/materials/used?serviceId=${service.id}`)).json()).toMatchObject([{ name: 'Pflaster', count: 3 }]);

    const entry = await owner.post(`/api/patient-protocols/${protocol.id}/treatment-entries`, { id: randomUUID(), time: '14:20', text: 'Übergabe vorbereitet', performer: 'custom', performerName: 'Dr. Weiß' });
    expect(entry.statusCode).toBe(201);
    expect((await storedProtocol(app, protocol.id)).treatmentSummary).toBe('[14:05] Pulsoxymetrie angelegt (Helfer 1)\n[14:20] Übergabe vorbereitet (Dr. Weiß)');
    const badEntries: [unknown, string][] = [
      [{ id: randomUUID(), time: '25:00', text: 'x', performer: 'helfer1' }, 'Bitte geben Sie die Uhrzeit als HH:MM an'],
      [{ id: randomUUID(), time: '10:00', text: '   ', performer: 'helfer1' }, 'Die Maßnahme darf nicht leer sein'],
      [{ id: randomUUID(), time: '10:00', text: 'x', performer: 'custom' }, 'Bitte geben Sie den Namen der durchführenden Person ein'],
      [{ id: randomUUID(), time: '10:00', text: 'x', performer: 'chef' }, 'Bitte wählen Sie aus, wer die Maßnahme durchgeführt hat'],
    ];
    for (const [payload, message] of badEntries) {
      expect(json<ApiErrorBody>(await medic.post(`/api/patient-protocols/${protocol.id}/treatment-entries`, payload)).message).toBe(message);
    }
    const badPatch = await medic.patch(`/api/patient-protocols/${protocol.id}`, { patientData: { firstName: '' } });
    expect(json<ApiErrorBody>(badPatch).message).toBe('Vorname ist erforderlich');
    expect(await protocolCounts(app)).toMatchObject({ entries: 2, usage: 1 });
  });

  it('keeps concurrent edits as revisions, patient data ones encrypted, and flags the protocol', async () => {
    const { app, owner, medic, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    await medic.patch(`/api/patient-protocols/${protocol.id}`, { baseVersion: protocol.version, chiefComplaint: 'Tablet A', patientData: { phone: '0170 111' } });
    const second = await owner.patch(`/api/patient-protocols/${protocol.id}`, { baseVersion: protocol.version, chiefComplaint: 'Tablet B', patientData: { phone: '0170 222' } });
    expect(json<ProtocolDetail>(second).protocol).toMatchObject({ needsReview: true });
    expect((await storedProtocol(app, protocol.id)).chiefComplaint).toBe('Tablet B');
    expect((await storedPatientData(app, protocol.id))?.phone).toBe('0170 222');
    const revisions = await app.db.selectFrom('fieldRevisions').selectAll().orderBy('entity').execute();
    expect(revisions.map((r) => [r.entity, r.field])).toEqual([['patientData', 'phone'], ['protocol', 'chiefComplaint']]);
    expect(revisions[1]).toMatchObject({ replacedValue: 'Tablet A', newValue: 'Tablet B' });
    expect(revisions[0]?.replacedValue).toMatch(/^v1\./);
    expect(await databaseText(app)).not.toContain('0170 111');
  });

  it('discharges once; afterwards every edit is refused with 409 and patient data is no longer served', async () => {
    const { app, owner, medic, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const incomplete = await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, { dischargeStatus: 'gut', dischargeOutcome: 'weg' });
    expect(json<ApiErrorBody>(incomplete).fields).toEqual({
      dischargeStatus: 'Bitte wählen Sie den Patientenzustand aus', dischargeOutcome: 'Bitte wählen Sie aus, wie die Versorgung endete', dischargeDestination: 'Verbleib ist erforderlich', handoverTo: 'Übergabe an ist erforderlich',
    });
    expect(json<ProtocolDetail>(await medic.get(`/api/patient-protocols/${protocol.id}`)).protocol.status).toBe('active');

    const discharged = await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, { ...dischargePayload, dischargedBy: 999, status: 'discharged', dischargedAt: '2026-01-01T12:00:00.000Z' });
    expect(discharged.statusCode).toBe(200);
    const medicId = json<PublicUser>(await medic.get('/api/user')).id;
    expect(discharged.json()).toMatchObject({
      protocol: { status: 'discharged', dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: null, handoverTo: null, dischargedById: medicId, dischargedAt: '2026-01-01T12:00:00.000Z' },
      patientData: null,
    });
    expect(await storedProtocol(app, protocol.id)).toMatchObject({ dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau' });
    const refused = [
      await medic.patch(`/api/patient-protocols/${protocol.id}`, { chiefComplaint: 'später' }),
      await owner.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload),
      await medic.post(`/api/patient-protocols/${protocol.id}/vital-signs`, { heartRate: 80 }),
      await medic.post(`/api/patient-protocols/${protocol.id}/treatment-entries`, { id: randomUUID(), time: '10:00', text: 'x', performer: 'helfer1' }),
    ];
    for (const response of refused) expect([response.statusCode, json<ApiErrorBody>(response).message]).toEqual([409, closed]);
    for (const client of [owner, medic]) {
      const detail = json<ProtocolDetail>(await client.get(`/api/patient-protocols/${protocol.id}`));
      expect(detail.patientData).toBeNull();
      expect(detail.protocol.chiefComplaint).toBeNull();
    }
    // The refused edit changed nothing.
    expect((await storedProtocol(app, protocol.id)).chiefComplaint).toBe('Synkope nach längerem Stehen');
    expect((await medic.get(`/api/patient-protocols/${protocol.id}/vital-signs`)).statusCode).toBe(200);
    expect(await protocolCounts(app)).toMatchObject({ vitals: 0, entries: 0 });
  });

  it('follows the service: blocked 423, archived 409, and a service with protocols cannot be deleted', async () => {
    const { app, owner, medic, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    await app.db.updateTable('services').set({ isBlocked: 1 }).where('id', '=', service.id).execute();
    expect((await medic.post('/api/patient-protocols', protocolPayload(service.id))).statusCode).toBe(423);
    expect((await medic.patch(`/api/patient-protocols/${protocol.id}`, { chiefComplaint: 'x' })).statusCode).toBe(423);
    expect(json<ProtocolDetail>(await medic.get(`/api/patient-protocols/${protocol.id}`)).protocol.status).toBe('active');
    expect((await storedPatientData(app, protocol.id))?.firstName).toBe('Jürgen');
    await app.db.updateTable('services').set({ isBlocked: 0, status: 'archived' }).where('id', '=', service.id).execute();
    const archived = await medic.post(`/api/patient-protocols/${protocol.id}/vital-signs`, { heartRate: 80 });
    // Archiving sealed the open protocols like a discharge: the discharged answer (domain/protocols/archiving.ts).
    expect([archived.statusCode, json<ApiErrorBody>(archived).message]).toEqual([409, 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.']);
    const newProtocol = await medic.post('/api/patient-protocols', protocolPayload(service.id));
    expect([newProtocol.statusCode, json<ApiErrorBody>(newProtocol).message]).toEqual([409, 'Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.']);
    await app.db.updateTable('services').set({ status: 'active' }).where('id', '=', service.id).execute();
    const deletion = await owner.request({ method: 'DELETE', url: `/api/services/${service.id}` });
    expect(deletion.statusCode).toBe(409);
    expect(await protocolCounts(app)).toMatchObject({ protocols: 1, patientData: 1 });
  });
});
