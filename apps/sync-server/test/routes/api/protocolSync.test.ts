import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestDevice } from '../../helpers/deviceKeys';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { createOrganization } from '../../helpers/organizations';
import { databaseText, dischargePayload, protocolCounts, protocolPayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { OrganizationListItem, PatientProtocolWithSummary, PublicUser, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { objectWith } from '../../helpers/matchers';

const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[]) => client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });

interface Change { entity: string; op: string; id: string; version: number; data?: unknown }

/** Every page as the client's tablet pulls it: naming its registered device, sealed fields opened. */
async function pullAll(client: Client, device: TestDevice, cursor?: string) {
  const changes: Change[] = [];
  for (let page = 0; page < 100; page += 1) {
    const body = await pullAsDevice(client, device, cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    changes.push(...body.changes);
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return { changes, cursor };
}

const setup = serviceTeam;

describe('protocols through sync', () => {
  it('numbers protocols 1..n without gaps or duplicates when two devices push at the same time', async () => {
    const { app, owner, medic, service } = await setup();
    const perDevice = 25;
    const batch = () => Array.from({ length: perDevice }, (_, i) => mutation(i + 1, 'protocol.create', protocolPayload(service.id)));
    const [a, b, rest] = await Promise.all([
      push(owner, randomUUID(), batch()),
      push(medic, randomUUID(), batch()),
      Promise.all([0, 1, 2].map(() => medic.post('/api/patient-protocols', protocolPayload(service.id)))),
    ]);
    expect(json<PushResponse>(a).results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(json<PushResponse>(b).results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(rest.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const numbers = (await app.db.selectFrom('patientProtocols').select('serviceProtocolNumber').execute()).map((r) => r.serviceProtocolNumber).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 2 * perDevice + 3 }, (_, i) => i + 1));

    // Another service counts from 1 again.
    const [organization] = json<OrganizationListItem[]>(await owner.get('/api/organizations'));
    if (!organization) throw new Error('Organisation fehlt');
    const other = await createServiceVia(owner, organization.id, { name: 'Marathon' });
    const first = await push(owner, randomUUID(), [mutation(1, 'protocol.create', protocolPayload(other.id))]);
    expect(json<PushResponse>(first).results[0]?.status).toBe('applied');
    expect(json<PatientProtocolWithSummary[]>(await owner.get(`/api/services/${other.id}/patient-protocols`))[0]?.serviceProtocolNumber).toBe(1);
  });

  it('applies an offline shift once and pulls protocol, patient data, vitals and entries', async () => {
    const { app, medic, owner, service } = await setup();
    const device = randomUUID();
    const create = protocolPayload(service.id, { createdAt: '2026-01-01T09:00:00.000Z' });
    const protocolId = create.id;
    const vitalsId = randomUUID();
    const entryId = randomUUID();
    const shift = [
      mutation(1, 'protocol.create', create),
      mutation(2, 'vitals.record', { id: vitalsId, protocolId, recordedAt: '2026-01-01T09:05:00.000Z', values: [{ parameterType: 'heart_rate', value: '104' }, { parameterType: 'spo2', value: '93' }] }),
      mutation(3, 'treatmentEntry.add', { id: entryId, protocolId, time: '09:06', text: 'Sauerstoffgabe 4 l/min über Nasenbrille', performer: 'helfer2', createdAt: '2026-01-01T09:06:00.000Z' }),
      mutation(4, 'protocol.update', { id: protocolId, baseVersion: 0, helper2: 'Lena', patientData: { phone: '0151 999' } }),
    ];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await push(medic, device, shift);
      expect(json<PushResponse>(response).results.map((r: { status: string }) => r.status)).toEqual(attempt === 0 ? ['applied', 'applied', 'applied', 'applied'] : ['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    }
    expect(await protocolCounts(app)).toMatchObject({ protocols: 1, patientData: 1, vitals: 1, values: 2, entries: 1 });

    const [ownerTablet, medicTablet] = [await registerDevice(owner), await registerDevice(medic)];
    const { changes, cursor } = await pullAll(owner, ownerTablet);
    const byEntity = (entity: string) => changes.filter((c) => c.entity === entity);
    expect(byEntity('protocol')).toEqual([expect.objectContaining({ op: 'upsert', id: protocolId, data: objectWith({ serviceProtocolNumber: 1, helper2: 'Lena', createdAt: '2026-01-01T09:00:00.000Z' }) })]);
    expect(byEntity('patientData')).toEqual([expect.objectContaining({ op: 'upsert', id: protocolId, data: objectWith({ protocolId, patientData: objectWith({ firstName: 'Jürgen', phone: '0151 999' }) }) })]);
    expect(byEntity('vitalRecord')[0]?.data).toMatchObject({ id: vitalsId, recordedAt: '2026-01-01T09:05:00.000Z', values: [{ parameterType: 'heart_rate', value: '104' }, { parameterType: 'oxygen_saturation', value: '93' }] });
    expect(byEntity('treatmentEntry')[0]?.data).toMatchObject({ id: entryId, protocolId, time: '09:06', performer: 'helfer2' });

    // Discharge from another device: the protocol changes, the patient data is dropped.
    const discharge = await push(owner, randomUUID(), [mutation(1, 'protocol.discharge', { id: protocolId, ...dischargePayload })]);
    expect(json<PushResponse>(discharge).results[0]?.status).toBe('applied');
    const delta = await pullAll(medic, medicTablet, cursor);
    expect(delta.changes.map((c) => [c.entity, c.op])).toEqual([['protocol', 'upsert'], ['patientData', 'delete']]);
    const fresh = await pullAll(medic, medicTablet);
    expect(fresh.changes.filter((c) => c.entity === 'patientData').map((c) => c.op)).toEqual(['delete']);
    expect(JSON.stringify(fresh.changes)).not.toContain('Jürgen');

    // Edits queued offline before the discharge arrived are refused with the reason, and kept.
    const late = await push(medic, device, [
      mutation(5, 'protocol.update', { id: protocolId, chiefComplaint: 'zu spät', patientData: { firstName: 'Geheim' } }),
      mutation(6, 'vitals.record', { protocolId, values: [{ parameterType: 'heart_rate', value: '80' }] }),
    ]);
    expect(json<PushResponse>(late).results).toMatchObject([
      { seq: 5, status: 'rejected', code: 'CONFLICT', message: 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.' },
      { seq: 6, status: 'rejected', code: 'CONFLICT' },
    ]);
    const quarantined = await app.db.selectFrom('syncQuarantine').select(['seq', 'args']).orderBy('seq').execute();
    // Of the refused update with patient data only its id stays (packages/schema quarantineArgs).
    expect(JSON.parse(quarantined[0]?.args ?? 'null')).toEqual({ id: protocolId, omittedFields: ['chiefComplaint', 'patientData'] });
    expect(quarantined[1]?.args).toContain('heart_rate');
    expect(await databaseText(app)).not.toContain('Geheim');
  });

  it('rejects an offline protocol of a removed member and of a foreign service', async () => {
    const { app, owner, medic, orgId, service } = await setup();
    const stranger = await registeredClient(app, 'otto');
    await createOrganization(stranger, 'Fremde Org');
    const foreign = await push(stranger, randomUUID(), [mutation(1, 'protocol.create', protocolPayload(service.id))]);
    expect(json<PushResponse>(foreign).results[0]).toMatchObject({ status: 'rejected', code: 'NOT_FOUND', message: 'Sanitätsdienst nicht gefunden' });
    const monaId = json<PublicUser>(await medic.get('/api/user')).id;
    await owner.request({ method: 'DELETE', url: `/api/organizations/${orgId}/members/${monaId}` });
    const removed = await push(medic, randomUUID(), [mutation(1, 'protocol.create', protocolPayload(service.id))]);
    expect(json<PushResponse>(removed).results[0]).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect(await protocolCounts(app)).toMatchObject({ protocols: 0, patientData: 0 });
  });
});
