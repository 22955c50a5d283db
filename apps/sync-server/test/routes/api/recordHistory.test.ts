import { randomUUID } from 'node:crypto';
import { openSealedRecordHistory } from '@sanidok/crypto';
import type { ArchiveProtocolsResponse, PullResponse, TreatmentEntry, VitalRecord } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { openArchive, sealingTeam } from '../../helpers/archive';
import { pulledHistory, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { anyString } from '../../helpers/matchers';
import { createProtocolVia, dischargePayload, storedHistory } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { addMember } from '../../helpers/organizations';
import { device } from '../../domain/recordHistory/devicePush';

// Every change kept (docs/decisions.md "Every change kept (§ 630f BGB)"): each edit appends a
// revision with the old and the new value, who, when and from which device; a wrong entry is
// marked "irrtümlich" with a reason and stays; the history is sealed with the record.

/** A device time an hour ago: offline edits keep their real time (the server refuses only future ones). */
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

// The history reaches the team's devices through the pull, its values sealed to the device key
// (domain/sync/recordRevisionSource.ts); REST answers it to no one.
const history = pulledHistory;

describe('record history', () => {
  it('keeps every edit of clinical fields and patient data, old → new, in order; not only concurrent ones', async () => {
    const { app, medic, owner, service } = await serviceTeam();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    const first = json<{ protocol: { version: number } }>(await medic.patch(url, { baseVersion: protocol.version, allergies: 'Penicillin, Latex', patientData: { phone: '0170 111' } }));
    const editedAt = hourAgo();
    await medic.patch(url, { baseVersion: first.protocol.version, allergies: 'Latex', updatedAt: editedAt });
    // Setting a field to the value it has is no change: no revision.
    await owner.patch(url, { baseVersion: first.protocol.version, allergies: 'Latex' });

    // The team's device gets every revision, the patient data's too (sealed to its key).
    expect((await history(medic, protocol.id)).map((r) => r.entity)).toEqual(['patientData', 'protocol', 'protocol']);
    const revisions = await storedHistory(app, protocol.id);
    expect(revisions.map(({ entity, field, oldValue, newValue }) => ({ entity, field, oldValue, newValue }))).toEqual([
      { entity: 'patientData', field: 'phone', oldValue: null, newValue: '0170 111' },
      { entity: 'protocol', field: 'allergies', oldValue: 'Penicillin', newValue: 'Penicillin, Latex' },
      { entity: 'protocol', field: 'allergies', oldValue: 'Penicillin, Latex', newValue: 'Latex' },
    ]);
    expect(revisions[2]).toMatchObject({ changedAt: editedAt, changedBy: anyString(), deviceId: null, entityId: protocol.id });
    expect(revisions.map((r) => r.sequence)).toEqual([...revisions.map((r) => r.sequence)].sort((a, b) => a - b));
  });

  it('names the pushing device; the history is for the team only and for no outsider; REST has no history', async () => {
    const { app, medic, owner, orgId, service } = await serviceTeam();
    const { protocol } = await createProtocolVia(medic, service.id);
    const tablet = device(medic);
    const editedAt = hourAgo();
    expect(await tablet.push('protocol.update', { id: protocol.id, baseVersion: protocol.version, updatedAt: editedAt, symptoms: 'Pupillen isokor' })).toMatchObject({ status: 'applied' });
    expect(await history(owner, protocol.id)).toMatchObject([{ field: 'symptoms', oldValue: null, newValue: 'Pupillen isokor', deviceId: tablet.deviceId, changedAt: editedAt }]);

    const offTeam = await addMember(app, owner, orgId, 'paul');
    expect(await history(offTeam, protocol.id)).toEqual([]);
    const { registeredClient } = await import('../../helpers/testApp');
    const stranger = await registeredClient(app, 'fremd');
    expect(await history(stranger, protocol.id)).toEqual([]);
    // The REST history is gone: a copied session cookie of the team reads no revision.
    for (const path of ['history', 'revisions']) expect((await owner.get(`/api/patient-protocols/${protocol.id}/${path}`)).statusCode).toBe(404);
  });

  it('sends the revisions to the team only sealed to the device key, patient data and clinical values alike', async () => {
    const { medic, service } = await serviceTeam();
    const { protocol } = await createProtocolVia(medic, service.id);
    await medic.patch(`/api/patient-protocols/${protocol.id}`, { baseVersion: protocol.version, symptoms: 'Übelkeit', patientData: { phone: '0170 444' } });
    const device = await registerDevice(medic);
    const raw = await medic.get(`/api/sync/pull?limit=1000&deviceId=${device.deviceId}`);
    const travelled = raw.json<PullResponse>().changes.filter((change) => change.entity === 'recordRevision');
    expect(travelled).toHaveLength(2);
    expect(travelled.every((change) => change.op === 'upsert' && change.sealed !== undefined && change.data.oldValue === null && change.data.newValue === null)).toBe(true);
    expect(raw.body).not.toContain('Übelkeit');
    expect(raw.body).not.toContain('0170 444');
    // A pull by the session alone (no registered device) gets no revision at all.
    expect((await medic.get('/api/sync/pull?limit=1000')).json<PullResponse>().changes.filter((change) => change.entity === 'recordRevision')).toEqual([]);
    expect((await history(medic, protocol.id, device)).map(({ entity, field, newValue }) => ({ entity, field, newValue }))).toEqual([
      { entity: 'patientData', field: 'phone', newValue: '0170 444' },
      { entity: 'protocol', field: 'symptoms', newValue: 'Übelkeit' },
    ]);
  });

  it('marks a wrong vital sign, treatment entry or minor treatment "irrtümlich" with a reason; the row stays', async () => {
    const { medic, medicId, service } = await serviceTeam();
    const { protocol } = await createProtocolVia(medic, service.id);
    const tablet = device(medic);
    const vitalId = randomUUID();
    const entryId = randomUUID();
    const treatmentId = randomUUID();
    expect(await tablet.push('vitals.record', { id: vitalId, protocolId: protocol.id, recordedAt: new Date().toISOString(), values: [{ parameterType: 'heart_rate', value: '88' }] })).toMatchObject({ status: 'applied' });
    await tablet.push('treatmentEntry.add', { id: entryId, protocolId: protocol.id, time: '10:05', text: 'Sauerstoff 4 l/min', performer: 'helfer1', createdAt: new Date().toISOString() });
    await tablet.push('minorTreatment.create', { id: treatmentId, serviceId: service.id, patientName: 'Eva Beispiel', description: 'Pflaster', materials: [], createdAt: new Date().toISOString() });

    // Without a reason: refused in German, nothing changes.
    const refused = await tablet.push('vitals.markInError', { id: vitalId, reason: '  ', markedAt: new Date().toISOString() });
    expect(refused).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
    expect(JSON.stringify(refused)).toContain('Bitte geben Sie an, warum der Eintrag irrtümlich ist.');

    const markedAt = hourAgo();
    for (const [name, id] of [['vitals.markInError', vitalId], ['treatmentEntry.markInError', entryId], ['minorTreatment.markInError', treatmentId]] as const) {
      const result = await tablet.push(name, { id, reason: 'Falscher Patient', markedAt });
      expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
    }
    const vitals = json<VitalRecord[]>(await medic.get(`/api/patient-protocols/${protocol.id}/vital-signs`));
    // REST answers the marks, never the clinical values (docs/security.md "Clinical data follows the team").
    expect(vitals).toMatchObject([{ id: vitalId, values: [], enteredInError: { at: markedAt, reason: 'Falscher Patient', byId: medicId } }]);
    const entries = json<TreatmentEntry[]>(await medic.get(`/api/patient-protocols/${protocol.id}/treatment-entries`));
    expect(entries).toMatchObject([{ id: entryId, text: '', enteredInError: { reason: 'Falscher Patient' } }]);
    const treatments = json<{ id: string; enteredInError: unknown }[]>(await medic.get(`/api/services/${service.id}/minor-treatments`));
    expect(treatments).toMatchObject([{ id: treatmentId, enteredInError: { reason: 'Falscher Patient' } }]);
    // The summary leaves the wrong measure out; the entry list keeps it, marked.
    const detail = json<{ protocol: { treatmentSummary?: string } }>(await medic.get(`/api/patient-protocols/${protocol.id}`));
    expect(detail.protocol.treatmentSummary ?? '').not.toContain('Sauerstoff');

    // Marked again from another device: the new reason stands, the old one stays in the history.
    await device(medic).push('treatmentEntry.markInError', { id: entryId, reason: 'Doppelt erfasst', markedAt });
    const revisions = await history(medic, protocol.id);
    expect(revisions.filter((r) => r.field === 'enteredInError').map(({ entity, oldValue, newValue }) => ({ entity, oldValue, newValue }))).toEqual([
      { entity: 'vitalRecord', oldValue: null, newValue: 'Falscher Patient' },
      { entity: 'treatmentEntry', oldValue: null, newValue: 'Falscher Patient' },
      { entity: 'treatmentEntry', oldValue: 'Falscher Patient', newValue: 'Doppelt erfasst' },
    ]);

    // An unknown entry: a German 404.
    expect(await tablet.push('vitals.markInError', { id: randomUUID(), reason: 'x', markedAt })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND', message: 'Eintrag nicht gefunden' });
  });

  it('records the discharge, then seals the whole history to the organisation key and keeps no server copy', async () => {
    const { app, medic, owner, org, service } = await sealingTeam();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    await medic.patch(url, { baseVersion: protocol.version, patientData: { phone: '0170 999 888' }, symptoms: 'Prellung Unterarm' });
    const vitalId = randomUUID();
    expect((await medic.post(`${url}/vital-signs`, { id: vitalId, values: [{ parameterType: 'heart_rate', value: '130' }] })).statusCode).toBe(201);
    await device(medic).push('vitals.markInError', { id: vitalId, reason: 'Tippfehler', markedAt: new Date().toISOString() });
    expect((await medic.patch(`${url}/discharge`, dischargePayload)).statusCode).toBe(200);

    expect(await app.db.selectFrom('recordRevisions').select('id').where('protocolId', '=', protocol.id).execute()).toEqual([]);
    expect(await history(owner, protocol.id)).toEqual([]);
    const sealed = await app.db.selectFrom('sealedRecordHistories').selectAll().where('protocolId', '=', protocol.id).executeTakeFirstOrThrow();
    expect(sealed.envelope).not.toContain('0170 999 888');
    const opened = await openSealedRecordHistory(org.secret, { organizationId: org.id, protocolId: protocol.id }, sealed.envelope);
    expect(opened.revisions.map(({ entity, field, newValue }) => `${entity}.${field}=${newValue}`)).toEqual([
      'patientData.phone=0170 999 888',
      'protocol.symptoms=Prellung Unterarm',
      'vitalRecord.enteredInError=Tippfehler',
      'discharge.status=discharged',
      'discharge.dischargeStatus=stabil',
      'discharge.dischargeOutcome=released',
      'discharge.dischargeDestination=Nach Hause',
      'discharge.handoverTo=Ehefrau',
      'discharge.dischargeComment=Beschwerdefrei',
      expect.stringMatching(/^discharge\.dischargedAt=/),
    ]);
    // The archive releases it with the record, to the proven key only.
    const archive = await openArchive(owner, org.id, service.id, org.secret);
    expect(archive.statusCode, archive.body).toBe(200);
    const released = json<ArchiveProtocolsResponse>(archive).protocols.find((record) => record.protocol.id === protocol.id);
    expect(released?.sealedHistory).toEqual(JSON.parse(sealed.envelope));
    // Another protocol's envelope does not open as this one's.
    await expect(openSealedRecordHistory(org.secret, { organizationId: org.id, protocolId: randomUUID() }, sealed.envelope)).rejects.toThrow();

    // After the discharge the entries take no mark any more.
    expect(await device(medic).push('vitals.markInError', { id: vitalId, reason: 'Noch einmal', markedAt: new Date().toISOString() })).toMatchObject({
      status: 'rejected', code: 'CONFLICT', message: 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.',
    });
  });
});
