import { describe, expect, it } from 'vitest';
import { isSyncMutationName, quarantineArgs, syncMutationNames, syncMutations } from '../src';

const id = '0190a000-0000-7000-8000-000000000001';
const serviceId = '0190a000-0000-7000-8000-000000000002';
const at = '2026-11-23T10:00:00.000Z';

describe('sync-mutation contract', () => {
  it('names the 27 mutations, and only the protocol, minor-treatment, diary, MANV-tag writes and "irrtümlich" reasons carry patient data', () => {
    expect(syncMutationNames).toHaveLength(27);
    expect(syncMutationNames.filter((name) => syncMutations[name].sensitive).sort()).toEqual([
      'diaryEntry.create', 'manvPatient.register', 'manvPatient.update', 'manvTransport.record', 'manvTriage.record', 'minorTreatment.create', 'minorTreatment.markInError',
      'protocol.create', 'protocol.discharge', 'protocol.update', 'treatmentEntry.markInError', 'vitals.markInError',
    ]);
    expect(isSyncMutationName('service.create')).toBe(true);
    expect(isSyncMutationName('toString')).toBe(false);
  });

  it('a mark "irrtümlich" needs a reason and the device time; the quarantine keeps neither the reason', () => {
    const schema = syncMutations['vitals.markInError'].schema;
    expect(schema.safeParse({ id, reason: ' ', markedAt: at }).error?.issues.map((issue) => issue.message)).toEqual(['Bitte geben Sie an, warum der Eintrag irrtümlich ist.']);
    expect(schema.safeParse({ id, reason: 'Falscher Patient' }).error?.issues.map((issue) => issue.message)).toEqual(['Ungültiges Datum']);
    expect(schema.parse({ id, reason: ' Falscher Patient ', markedAt: at })).toEqual({ id, reason: 'Falscher Patient', markedAt: at });
    expect(quarantineArgs('vitals.markInError', { id, reason: 'Falscher Patient', markedAt: at })).toMatchObject({ id, markedAt: at, omittedFields: ['reason'] });
  });

  it('a treatment template is created with the id the device made; each material once', () => {
    const template = { organizationId: 1, name: 'Blase', description: 'Blasenpflaster geklebt', materials: [{ materialId: 3, quantity: 2 }] };
    expect(syncMutations['treatmentTemplate.create'].schema.safeParse(template).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['id', 'Ungültige Kennung'],
    ]);
    expect(syncMutations['treatmentTemplate.create'].schema.parse({ ...template, id })).toMatchObject({ id, name: 'Blase' });
    const twice = syncMutations['treatmentTemplate.update'].schema.safeParse({ id, name: 'Blase', description: 'x', materials: [{ materialId: 3, quantity: 1 }, { materialId: 3, quantity: 2 }] });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(['Jedes Material darf in einer Vorlage nur einmal vorkommen']);
  });

  it('requires the ids a device makes, with the German message of an invalid id', () => {
    const args = { serviceId, patientName: 'Max', description: 'Pflaster', materials: [{ id: 1, quantity: 2 }], createdAt: at };
    const result = syncMutations['minorTreatment.create'].schema.safeParse(args);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['id', 'Ungültige Kennung'],
      ['materials.0.usageId', 'Ungültige Kennung'],
    ]);
    const complete = { ...args, id, materials: [{ id: 1, quantity: 2, usageId: id }] };
    expect(syncMutations['minorTreatment.create'].schema.parse(complete)).toEqual(complete);
  });

  it('requires the device time and the edited version', () => {
    const update = syncMutations['protocol.update'].schema.safeParse({ id });
    expect(update.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['baseVersion', 'updatedAt']);
    expect(syncMutations['accessLog.record'].schema.safeParse({ id, protocolId: id, actionType: 'protocol_opened' }).error?.issues[0]?.message).toBe('Ungültiges Datum');
  });

  it('keeps the rules of the REST schema (messages included)', () => {
    const result = syncMutations['service.create'].schema.safeParse({ id, name: 'A', location: 'Halle', startDate: at, endDate: at, organizationId: 1 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Name muss mindestens 3 Zeichen lang sein', 'Das Enddatum muss nach dem Startdatum liegen']);
  });

  it('keeps only ids, versions, times and status values of a refused mutation with patient data', () => {
    const update = { id, baseVersion: 3, updatedAt: at, chiefComplaint: 'Sturz', patientData: { firstName: 'Jürgen', lastName: 'Müller' }, patientDataBaseVersion: 2 };
    expect(quarantineArgs('protocol.update', update)).toEqual({ id, baseVersion: 3, updatedAt: at, patientDataBaseVersion: 2, omittedFields: ['chiefComplaint', 'patientData'] });
    const discharge = { id, dischargeStatus: 'stabil', handoverTo: 'Ehefrau Müller', sealedPatientData: { kid: 'x' }, sealProof: 'a'.repeat(43), dischargedAt: at };
    expect(quarantineArgs('protocol.discharge', discharge)).toEqual({ id, dischargeStatus: 'stabil', dischargedAt: at, omittedFields: ['handoverTo', 'sealedPatientData', 'sealProof'] });
    // An id field carrying an object is not an id: left out as well.
    expect(quarantineArgs('minorTreatment.create', { id: { name: 'Max' }, serviceId, patientName: 'Max' })).toEqual({ serviceId, omittedFields: ['id', 'patientName'] });
    // Unknown names are treated like patient data; non-sensitive mutations are kept whole.
    expect(quarantineArgs('protocol.rename', { id, firstName: 'Max' })).toEqual({ id, omittedFields: ['firstName'] });
    expect(quarantineArgs('protocol.update', 'Max Müller')).toBeNull();
    const vitals = { id, protocolId: id, recordedAt: at, values: [{ parameterType: 'heart_rate', value: '80' }] };
    expect(quarantineArgs('vitals.record', vitals)).toBe(vitals);
  });

  it('takes a discharge envelope only with its proof', () => {
    const envelope = { v: 1, alg: 'HPKE-Base-X25519-SHA256-AES256GCM', kid: 'abcd-abcd-abcd-abcd-abcd-abcd-abcd-abcd', enc: 'a'.repeat(43), ct: 'b'.repeat(40) };
    const base = { id, dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', dischargedAt: at, sealedPatientData: envelope };
    const result = syncMutations['protocol.discharge'].schema.safeParse(base);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sealProof', 'Die versiegelten Patientendaten lassen sich nicht prüfen. Bitte aktualisieren Sie die App und entlassen Sie den Patienten erneut.'],
    ]);
    expect(syncMutations['protocol.discharge'].schema.safeParse({ ...base, sealProof: 'c'.repeat(43) }).success).toBe(true);
    expect(syncMutations['protocol.discharge'].schema.safeParse({ ...base, sealProof: 'c'.repeat(42) }).success).toBe(false);
  });
});
