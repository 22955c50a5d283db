// @vitest-environment node
// A patient case from first contact to discharge on a device without network, then synced with
// the real in-process server (buildApp on a temp SQLite file, real migrations and mutation
// registry): every record arrives exactly once, the discharge travels sealed to the organisation
// key, and the device drops the patient data once the server confirmed. Real repositories, outbox
// and SyncEngine on fake-indexeddb; no mocks of our own server.
import type { OrganizationKeys } from '@sanidok/crypto';
import { deriveOrganizationKeys, generateOrganizationSecret, openSealedPatientData, publicKeysToBase64Url } from '@sanidok/crypto';
import type { MutationEnvelope, PullResponse, PushRequest, PushResponse, SealedEnvelope } from '@sanidok/schema';
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMember } from '../../../sync-server/test/helpers/organizations';
import { createServiceVia } from '../../../sync-server/test/helpers/services';
import { purgeExpiredRecords } from '../../../sync-server/src/domain/retention/records';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { createTestApp, registeredClient } from '../../../sync-server/test/helpers/testApp';
import type * as DbModule from '../../src/data/db';
import type * as LocalWritesModule from '../../src/data/localWrites';
import type { SaniDokDb } from '../../src/data/db';
import { SaniDokDb as Database } from '../../src/data/db';
import { addTreatmentEntry, recordSimpleVitals } from '../../src/data/repositories/protocolRecords';
import { createProtocol, dischargeProtocol, updateProtocol } from '../../src/data/repositories/protocols';
import { SyncEngine } from '../../src/sync/syncEngine';
import type { SyncStoreState } from '../../src/sync/syncStore';
import { initialSyncState } from '../../src/sync/syncStore';
import type { SyncTransport, TransportResult } from '../../src/sync/transport';
import { pullUrl, syncPaths } from '../../src/sync/transport';
import { ManualScheduler } from '../helpers/sync';
import { activeDevice } from './activeDevice';
import { registerDeviceWithServer } from './registeredDevice';
import { unlockTestDatabase } from '../helpers/deviceKeys';

// Two tablets in one process: the repositories write to the device named in activeDevice (the
// app has one signed-in database per tab), and a write wakes only that device's engine.
vi.mock('../../src/data/db', async (importOriginal) => {
  const actual = await importOriginal<typeof DbModule>();
  const { activeDevice: device } = await import('./activeDevice');
  return { ...actual, activeDatabase: () => device.db ?? actual.activeDatabase(), currentDatabase: () => device.db ?? actual.currentDatabase() };
});
vi.mock('../../src/data/localWrites', async (importOriginal) => {
  const actual = await importOriginal<typeof LocalWritesModule>();
  const { onDeviceLocalWrite, notifyDeviceLocalWrite } = await import('./activeDevice');
  return { ...actual, onLocalWrite: onDeviceLocalWrite, notifyLocalWrite: notifyDeviceLocalWrite };
});

interface Device {
  db: SaniDokDb;
  engine: SyncEngine;
  online: boolean;
  /** Every push request body as it left the device. */
  pushed: PushRequest[];
  /** Every push reply the server produced, delivered or not. */
  replies: PushResponse[];
  loseNextPushReply: boolean;
}

const devices: Device[] = [];
afterEach(async () => {
  while (devices.length) {
    const device = devices.pop();
    await device?.engine.stop();
    device?.db.close();
  }
  activeDevice.db = null;
});

function transport(client: Client, device: () => Device): SyncTransport {
  async function forward<T>(method: 'GET' | 'POST', url: string, payload?: PushRequest): Promise<TransportResult<T>> {
    const link = device();
    if (!link.online) return { ok: false, status: 0, message: 'offline' };
    if (payload) link.pushed.push(structuredClone(payload));
    const response = await client.request({ method, url, ...(payload === undefined ? {} : { payload }) });
    const body = response.body ? response.json<T & { message?: string; code?: string }>() : undefined;
    if (payload && response.statusCode === 200) link.replies.push(body as unknown as PushResponse);
    if (payload && link.loseNextPushReply) {
      link.loseNextPushReply = false;
      return { ok: false, status: 0, message: 'Verbindung abgebrochen' };
    }
    if (response.statusCode >= 400) return { ok: false, status: response.statusCode, message: body?.message ?? '', code: body?.code };
    return { ok: true, status: response.statusCode, body: body as T };
  }
  return { push: (request) => forward<PushResponse>('POST', syncPaths.push, request), pull: (params) => forward<PullResponse>('GET', pullUrl(params)) };
}

/** A tablet of this user: its own IndexedDB, engine and link; online once to pull the organisation. */
async function device(client: Client, name: string): Promise<Device> {
  const me = (await client.get('/api/user')).json<{ id: number }>();
  const previous = Dexie.dependencies.indexedDB;
  Dexie.dependencies.indexedDB = new IDBFactory();
  const db = new Database(me.id, name);
  Dexie.dependencies.indexedDB = previous;
  unlockTestDatabase(db);
  await registerDeviceWithServer(client, db);
  const state = { value: { ...initialSyncState } };
  const store = { getState: () => state.value, setState: (partial: Partial<SyncStoreState>) => void (state.value = { ...state.value, ...partial }) };
  const holder: { device?: Device } = {};
  const engine = new SyncEngine({
    db, transport: transport(client, () => holder.device as Device), scheduler: new ManualScheduler(), store,
    environment: { isOnline: () => holder.device?.online ?? false, isVisible: () => true, listen: () => () => undefined, locks: undefined, storage: undefined },
  });
  holder.device = { db, engine, online: true, pushed: [], replies: [], loseNextPushReply: false };
  devices.push(holder.device);
  activeDevice.db = db;
  engine.start();
  activeDevice.db = null;
  await engine.idle();
  return holder.device;
}

/** Runs local writes as the given tablet would (repositories write to the active database). */
async function on<T>(tablet: Device, write: () => Promise<T>): Promise<T> {
  activeDevice.db = tablet.db;
  try {
    return await write();
  } finally {
    activeDevice.db = null;
  }
}

async function sync(...tablets: Device[]): Promise<void> {
  for (const tablet of tablets) {
    tablet.online = true;
    tablet.engine.requestSync('online');
  }
  // A cycle may queue another (pull after push); idle() waits for the one running.
  for (let round = 0; round < 3; round += 1) await Promise.all(tablets.map((t) => t.engine.idle()));
}

interface Organisation {
  app: Awaited<ReturnType<typeof createTestApp>>;
  owner: Client;
  organizationId: number;
  serviceId: string;
  materialId: number;
  keys: OrganizationKeys;
}

/** Owner with an organisation key made "in the browser" (the secret stays here), a running service and a material. */
async function organisation(): Promise<Organisation> {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const keys = await deriveOrganizationKeys(generateOrganizationSecret());
  const created = await owner.post('/api/organizations', { name: 'DRK Musterstadt', description: 'Bereitschaft', ...publicKeysToBase64Url(keys) });
  expect(created.statusCode).toBe(201);
  const organizationId = created.json<{ id: number }>().id;
  const { id: serviceId } = await createServiceVia(owner, organizationId);
  const material = await owner.post('/api/materials', { name: 'Rettungsdecke', unit: 'Stück', organizationId });
  expect(material.statusCode).toBe(201);
  return { app, owner, organizationId, serviceId, materialId: material.json<{ id: number }>().id, keys };
}

const mutations = (tablet: Device): MutationEnvelope[] => tablet.pushed.flatMap((request) => request.mutations);
const patient = { firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich' as const, address: 'Hauptstraße 5, 12345 Musterstadt' };
const discharge = { dischargeStatus: 'stabil' as const, dischargeOutcome: 'released' as const, dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', dischargeComment: 'Beschwerdefrei' };

describe('patient protocols against the real server', () => {
  it('documents a case offline, discharges it offline, and syncs it exactly once, sealed and purged', async () => {
    const org = await organisation();
    const tablet = await device(org.owner, 'Olga');
    expect(await tablet.db.services.get(org.serviceId)).toBeDefined();

    // No coverage from first contact to discharge.
    tablet.online = false;
    const id = await on(tablet, async () => {
      const protocolId = await createProtocol({ serviceId: org.serviceId, patientData: patient, chiefComplaint: 'Synkope', materials: [{ id: org.materialId, quantity: 2 }] });
      await recordSimpleVitals(protocolId, { bloodPressureSystolic: '120', bloodPressureDiastolic: '80', heartRate: '88' });
      await recordSimpleVitals(protocolId, { heartRate: '76', oxygenSaturation: '98' });
      await addTreatmentEntry(protocolId, { time: '14:05', text: 'Patient in Schocklage gebracht', performer: 'helfer1' });
      await addTreatmentEntry(protocolId, { time: '14:10', text: 'Rettungsdecke angelegt', performer: 'helfer2' });
      await updateProtocol(protocolId, { allergies: 'Penicillin', patientData: { phone: '0170 1234567' } });
      await dischargeProtocol(protocolId, discharge);
      return protocolId;
    });
    expect(tablet.pushed).toEqual([]);
    expect((await tablet.db.protocols.get(id))?.status).toBe('discharged');

    // Coverage returns; the first reply is lost after the server committed: the resend is a duplicate.
    tablet.loseNextPushReply = true;
    await sync(tablet);
    expect(await tablet.db.outbox.count()).toBe(7);
    await sync(tablet);
    expect(await tablet.db.outbox.count()).toBe(0);
    const [lost, resent] = tablet.replies;
    expect(lost?.results.map((r) => r.status)).toEqual(Array(7).fill('applied'));
    expect(resent?.results.map((r) => r.status)).toEqual(Array(7).fill('duplicate'));

    const db = org.app.db;
    const protocols = await db.selectFrom('patientProtocols').selectAll().where('serviceId', '=', org.serviceId).execute();
    expect(protocols).toHaveLength(1);
    expect(protocols[0]).toMatchObject({ id, status: 'discharged', serviceProtocolNumber: 1, allergies: 'Penicillin', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau' });
    expect(await db.selectFrom('vitalSignRecords').select('id').where('protocolId', '=', id).execute()).toHaveLength(2);
    expect(await db.selectFrom('treatmentEntries').select('text').where('protocolId', '=', id).orderBy('time').execute()).toEqual([
      { text: 'Patient in Schocklage gebracht' }, { text: 'Rettungsdecke angelegt' },
    ]);
    expect(await db.selectFrom('materialUsage').select(['materialId', 'quantity', 'source']).where('sourceId', '=', id).execute()).toEqual([
      { materialId: org.materialId, quantity: 2, source: 'patient_protocol' },
    ]);

    // The discharge travelled sealed: no plaintext of the patient in it.
    const sent = mutations(tablet).filter((m) => m.name === 'protocol.discharge');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const mutation of sent) {
      const args = mutation.args as Record<string, unknown>;
      expect(args.sealedPatientData).toBeDefined();
      expect(args).not.toHaveProperty('patientData');
      const text = JSON.stringify(args);
      for (const secretText of ['Jürgen', 'Müller', '1980-04-12', 'Hauptstraße', '0170 1234567']) expect(text).not.toContain(secretText);
    }

    // On the server only the sealed copy is left, and the organisation secret opens it. The protocol
    // reached the server with its patient data (create, then edit) in the same upload; the tablet's
    // envelope holds exactly what the server received, so the server keeps it (the archive says
    // "versiegelt auf dem Gerät"; apps/sync-server/src/domain/protocols/sealing.ts).
    expect(await db.selectFrom('protocolPatientData').select('protocolId').where('protocolId', '=', id).execute()).toEqual([]);
    const sealed = await db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', id).executeTakeFirstOrThrow();
    expect(sealed.sealedBy).toBe('device');
    const opened = await openSealedPatientData(org.keys, { organizationId: org.organizationId, protocolId: id }, sealed.envelope);
    expect(opened.patientData).toEqual({ ...patient, phone: '0170 1234567' });

    // The device dropped its patient data on confirmation; vitals and treatments stay readable.
    expect(await tablet.db.patientData.get(id)).toBeUndefined();
    expect(await tablet.db.vitalRecords.where('protocolId').equals(id).count()).toBe(2);
    expect(await tablet.db.treatmentEntries.where('protocolId').equals(id).count()).toBe(2);
    expect(await tablet.db.protocols.get(id)).toMatchObject({ status: 'discharged', serviceProtocolNumber: 1 });
  });

  it('keeps the envelope a tablet sealed offline from patient data it had pulled', async () => {
    const org = await organisation();
    const tablet = await device(org.owner, 'Olga');
    const id = await on(tablet, () => createProtocol({ serviceId: org.serviceId, patientData: patient }));
    await sync(tablet);
    expect((await tablet.db.patientData.get(id))?.version).toBeGreaterThan(0);

    tablet.online = false;
    await on(tablet, () => dischargeProtocol(id, discharge));
    expect(await tablet.db.patientData.get(id)).toBeDefined();
    await sync(tablet);

    const [sent] = mutations(tablet).filter((m) => m.name === 'protocol.discharge');
    const { sealedPatientData: envelope, sealProof } = sent?.args as { sealedPatientData: SealedEnvelope; sealProof: string };
    const stored = await org.app.db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', id).executeTakeFirstOrThrow();
    expect(stored.sealedBy).toBe('device');
    // The server opened it with the proof (docs/security.md "Sealing at discharge") and stored no proof.
    expect(sealProof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.envelope).not.toContain(sealProof);
    expect(JSON.parse(stored.envelope)).toEqual(envelope);
    expect((await openSealedPatientData(org.keys, { organizationId: org.organizationId, protocolId: id }, stored.envelope)).patientData).toEqual(patient);
    expect(JSON.stringify(sent?.args)).not.toContain('Müller');
    expect(await tablet.db.patientData.get(id)).toBeUndefined();
  });

  it('numbers protocols of one service distinctly when two tablets upload at the same time', async () => {
    const org = await organisation();
    const member = await addMember(org.app, org.owner, org.organizationId, 'mona');
    const [first, second] = [await device(org.owner, 'Olga'), await device(member, 'Mona')];
    first.online = false;
    second.online = false;
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      ids.push(await on(first, () => createProtocol({ serviceId: org.serviceId, patientData: { firstName: `Erste${n}`, lastName: 'Patientin' } })));
      ids.push(await on(second, () => createProtocol({ serviceId: org.serviceId, patientData: { firstName: `Zweiter${n}`, lastName: 'Patient' } })));
    }
    await sync(first, second);

    const rows = await org.app.db.selectFrom('patientProtocols').select(['id', 'serviceProtocolNumber']).where('serviceId', '=', org.serviceId).execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.map((r) => r.serviceProtocolNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each tablet learns the numbers with its next pull (the other's protocols included).
    await sync(first, second);
    for (const tablet of [first, second]) {
      const local = await tablet.db.protocols.where('serviceId').equals(org.serviceId).toArray();
      expect(local.map((p) => p.serviceProtocolNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it('drops a record past its retention from the device at its next pull; an offline edit of another open record is kept', async () => {
    const org = await organisation();
    const tablet = await device(org.owner, 'Olga');
    const [sealed, open] = await on(tablet, async () => {
      const first = await createProtocol({ serviceId: org.serviceId, patientData: patient, chiefComplaint: 'Synkope' });
      await recordSimpleVitals(first, { heartRate: '88' });
      await addTreatmentEntry(first, { time: '14:05', text: 'Schocklage', performer: 'helfer1' });
      await dischargeProtocol(first, discharge);
      return [first, await createProtocol({ serviceId: org.serviceId, patientData: { firstName: 'Erika', lastName: 'Offen' } })];
    });
    await sync(tablet);
    expect(await tablet.db.protocols.get(sealed)).toBeDefined();
    expect(await tablet.db.vitalRecords.where('protocolId').equals(sealed).count()).toBe(1);

    // Offline, the tablet edits the open record; meanwhile the server's clock is past the ten years.
    tablet.online = false;
    await on(tablet, () => updateProtocol(open, { chiefComplaint: 'Schwindel, offline erfasst' }));
    const row = await org.app.db.selectFrom('patientProtocols').select('dischargedAt').where('id', '=', sealed).executeTakeFirstOrThrow();
    const later = new Date(Date.parse(row.dischargedAt ?? '') + (10 * 366 + 1) * 86_400_000).toISOString();
    expect(await purgeExpiredRecords(org.app.db, later)).toBe(1);

    await sync(tablet);
    await sync(tablet);
    expect(await tablet.db.outbox.count()).toBe(0);
    expect(await tablet.db.protocols.get(sealed)).toBeUndefined();
    expect(await tablet.db.vitalRecords.where('protocolId').equals(sealed).count()).toBe(0);
    expect(await tablet.db.treatmentEntries.where('protocolId').equals(sealed).count()).toBe(0);
    expect((await tablet.db.protocols.get(open))?.chiefComplaint).toBe('Schwindel, offline erfasst');
    const server = await org.app.db.selectFrom('patientProtocols').select(['id', 'chiefComplaint']).where('serviceId', '=', org.serviceId).execute();
    expect(server).toEqual([{ id: open, chiefComplaint: 'Schwindel, offline erfasst' }]);
    expect(await org.app.db.selectFrom('retentionDeletions').select(['serviceId', 'protocolCount']).execute()).toEqual([{ serviceId: org.serviceId, protocolCount: 1 }]);
  });
});
