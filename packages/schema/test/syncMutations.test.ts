import { describe, expect, it } from 'vitest';
import { isSyncMutationName, syncMutationNames, syncMutations } from '../src';

const id = '0190a000-0000-7000-8000-000000000001';
const serviceId = '0190a000-0000-7000-8000-000000000002';
const at = '2026-11-23T10:00:00.000Z';

describe('sync-mutation contract', () => {
  it('names the 14 mutations, and only the protocol and minor-treatment writes carry patient data', () => {
    expect(syncMutationNames).toHaveLength(14);
    expect(syncMutationNames.filter((name) => syncMutations[name].sensitive).sort()).toEqual(['minorTreatment.create', 'protocol.create', 'protocol.update']);
    expect(isSyncMutationName('service.create')).toBe(true);
    expect(isSyncMutationName('toString')).toBe(false);
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
});
