import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealedPatientData } from '@sanidok/crypto';
import type { ApiErrorBody, ArchiveProtocolsResponse, ProtocolDetail, PushResponse, SyncChange } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION, toArchivedProtocolResult } from '@sanidok/schema';
import { createOrganizationWithSecret, openArchive } from '../../helpers/archive';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { databaseText, dischargePayload, protocolCounts, protocolPayload, storedPatientData, storedProtocol } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';

/**
 * The protocol captures what the archive result shows — emergency contact and its
 * phone (patient data: encrypted at rest, sealed at discharge), symptoms and incident time
 * (clinical columns of migration 2026-11-24_004), field by field like every other field.
 */

const contact = { emergencyContact: 'Waltraud Quendelbach (Tochter)', emergencyContactPhone: '+49 171 5550123' };
const symptoms = 'Schwindel, Übelkeit, kaltschweißig';

const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = async (client: Client, deviceId: string, mutations: unknown[]) =>
  json<PushResponse>(await client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }));

async function setup() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const service = await createServiceVia(owner, org.id);
  return { app, owner, org, service };
}

function createArgs(serviceId: string) {
  const base = protocolPayload(serviceId, { createdAt: new Date(Date.now() - 30 * 60_000).toISOString(), materials: [] });
  return { ...base, symptoms, incidentTime: '2026-03-28T23:40:00+01:00', patientData: { ...base.patientData, ...contact } };
}

describe('emergency contact, symptoms and incident time', () => {
  it('arrive once through sync, are stored in their place and pulled back', async () => {
    const { app, owner, service } = await setup();
    const args = createArgs(service.id);
    const device = randomUUID();
    for (const expected of ['applied', 'duplicate']) {
      expect((await push(owner, device, [mutation(1, 'protocol.create', args)])).results[0]?.status).toBe(expected);
    }
    expect(await protocolCounts(app)).toMatchObject({ protocols: 1, patientData: 1 });
    // Normalised to UTC, so a field-wise compare of the same instant is exact.
    const row = await app.db.selectFrom('patientProtocols').select(['symptoms', 'incidentTime']).executeTakeFirstOrThrow();
    expect(row).toEqual({ symptoms, incidentTime: '2026-03-28T22:40:00.000Z' });
    // The emergency contact identifies people: encrypted like the rest of the patient data.
    const bytes = await databaseText(app);
    for (const plaintext of ['Quendelbach', '5550123']) expect(bytes).not.toContain(plaintext);
    expect(bytes).toContain(symptoms);

    expect(await storedProtocol(app, args.id)).toMatchObject({ symptoms, incidentTime: '2026-03-28T22:40:00.000Z' });
    expect(await storedPatientData(app, args.id)).toMatchObject(contact);
    const pulled = (await pullAsDevice(owner, await registerDevice(owner))).changes;
    const upsertOf = <E extends SyncChange['entity']>(entity: E) =>
      pulled.find((c): c is Extract<SyncChange, { entity: E; op: 'upsert' }> => c.entity === entity && c.op === 'upsert');
    expect(upsertOf('protocol')?.data).toMatchObject({ symptoms, incidentTime: '2026-03-28T22:40:00.000Z' });
    expect(upsertOf('patientData')?.data).toMatchObject({ patientData: contact });
  });

  it('are updated field by field; a concurrent edit keeps the replaced value and flags the protocol', async () => {
    const { app, owner, service } = await setup();
    const args = createArgs(service.id);
    await push(owner, randomUUID(), [mutation(1, 'protocol.create', args)]);
    const { protocol } = json<ProtocolDetail>(await owner.get(`/api/patient-protocols/${args.id}`));
    const tabletA = randomUUID();
    const tabletB = randomUUID();
    const first = await push(owner, tabletA, [
      mutation(1, 'protocol.update', { id: args.id, baseVersion: protocol.version, symptoms: 'Schwindel', patientData: { emergencyContactPhone: '0171 1' }, updatedAt: new Date().toISOString() }),
    ]);
    expect(first.results[0]?.status).toBe('applied');
    // Tablet B edited the same fields from the old version: last writer wins, nothing is lost.
    const second = await push(owner, tabletB, [
      mutation(1, 'protocol.update', {
        id: args.id, baseVersion: protocol.version, symptoms: 'Kopfschmerz', incidentTime: null, patientData: { emergencyContactPhone: '0171 2' }, updatedAt: new Date().toISOString(),
      }),
    ]);
    expect(second.results[0]?.status).toBe('applied');
    expect(await storedProtocol(app, args.id)).toMatchObject({ symptoms: 'Kopfschmerz', incidentTime: null, needsReview: true });
    expect(await storedPatientData(app, args.id)).toMatchObject({ emergencyContact: contact.emergencyContact, emergencyContactPhone: '0171 2' });
    const revisions = await app.db.selectFrom('fieldRevisions').select(['entity', 'field', 'replacedValue']).orderBy('id').execute();
    expect(revisions.filter((r) => r.entity === 'protocol')).toEqual([{ entity: 'protocol', field: 'symptoms', replacedValue: 'Schwindel' }]);
    const phone = revisions.find((r) => r.field === 'emergencyContactPhone');
    expect(phone?.entity).toBe('patientData');
    // Replaced patient data is kept encrypted, never as plaintext.
    expect(phone?.replacedValue).not.toContain('0171 1');
  });

  it('are refused with German messages when wrong, and nothing is written', async () => {
    const { app, owner, service } = await setup();
    const base = createArgs(service.id);
    const cases: [unknown, string][] = [
      [{ ...base, incidentTime: 'gestern Abend' }, 'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)'],
      [{ ...base, incidentTime: '2026-02-30T10:00:00Z' }, 'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)'],
      [{ ...base, incidentTime: '1999-12-31T10:00:00Z' }, 'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)'],
      [{ ...base, incidentTime: '2999-01-01T00:00:00Z' }, 'Der Zeitpunkt des Ereignisses darf nicht in der Zukunft liegen'],
      [{ ...base, symptoms: 'x'.repeat(4001) }, 'Der Text darf höchstens 4000 Zeichen lang sein'],
      [{ ...base, patientData: { ...base.patientData, emergencyContact: 'x'.repeat(201) } }, 'Notfallkontakt darf höchstens 200 Zeichen lang sein'],
      [{ ...base, patientData: { ...base.patientData, emergencyContactPhone: 'ruf an' } }, 'Bitte geben Sie eine Telefonnummer aus Ziffern, Leerzeichen und + ( ) / - ein'],
      [{ ...base, patientData: { ...base.patientData, emergencyContactPhone: '1'.repeat(51) } }, 'Telefon des Notfallkontakts darf höchstens 50 Zeichen lang sein'],
    ];
    for (const [payload, message] of cases) {
      const response = await owner.post('/api/patient-protocols', payload);
      expect([response.statusCode, json<ApiErrorBody>(response).message]).toEqual([400, message]);
    }
    expect(await protocolCounts(app)).toMatchObject({ protocols: 0, patientData: 0 });
  });

  it('are sealed at discharge and the archive result shows all four', async () => {
    const { app, owner, org, service } = await setup();
    const args = createArgs(service.id);
    await push(owner, randomUUID(), [mutation(1, 'protocol.create', args)]);
    expect((await owner.patch(`/api/patient-protocols/${args.id}/discharge`, dischargePayload)).statusCode).toBe(200);
    const bytes = await databaseText(app);
    for (const plaintext of ['Quendelbach', '5550123']) expect(bytes).not.toContain(plaintext);

    const opened = await openArchive(owner, org.id, service.id, org.secret);
    expect(opened.statusCode).toBe(200);
    const [record] = json<ArchiveProtocolsResponse>(opened).protocols;
    if (!record) throw new Error('Kein archiviertes Protokoll');
    const payload = await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: args.id }, record.sealed.envelope);
    const result = toArchivedProtocolResult(record, payload, 'Marktplatz');
    expect(result.protocol).toMatchObject({ symptoms, incidentTime: '2026-03-28T22:40:00.000Z' });
    expect(result.patientData).toMatchObject(contact);
  });
});
