// @vitest-environment node
// docs/security.md "Patient data needs the unlocked device", the device's side, against the real
// server (buildApp on a temp SQLite file, which always requires device keys): the device registers
// its key with the password, pulls patient names sealed to it, reads them while unlocked, stores
// them unreadable while locked, and reads everything after the unlock.
import type { PullResponse, PushResponse } from '@sanidok/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../sync-server/test/helpers/organizations';
import { createProtocolVia } from '../../../sync-server/test/helpers/protocols';
import { assignTeam, createServiceVia } from '../../../sync-server/test/helpers/services';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { createTestApp, registeredClient, validRegistration } from '../../../sync-server/test/helpers/testApp';
import { lockDevice, unlockDevice } from '../../src/data/crypto/deviceKeys';
import { registerDeviceKey } from '../../src/sync/deviceKeyRegistration';
import type { SyncTransport, TransportResult } from '../../src/sync/transport';
import { pullUrl, syncPaths } from '../../src/sync/transport';
import { createEngine, openTestDb, startAndSettle, syncAgain } from '../helpers/sync';

const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const password = validRegistration().password;

function transport(client: Client, pulled: string[]): SyncTransport {
  async function forward<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<TransportResult<T>> {
    const response = await client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (method === 'GET') pulled.push(url);
    const body = response.json<T & { message?: string; code?: string }>();
    if (response.statusCode >= 400) return { ok: false, status: response.statusCode, message: body.message ?? '', code: body.code };
    return { ok: true, status: response.statusCode, body };
  }
  return { push: (request) => forward<PushResponse>('POST', syncPaths.push, request), pull: (params) => forward<PullResponse>('GET', pullUrl(params)) };
}

/** The PWA's own fetch, through the in-process server with this client's cookie. */
function fetchThrough(client: Client): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await client.request({ method: init?.method ?? 'GET', url, ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }) });
    return new Response(response.body === '' ? null : response.body, { status: response.statusCode });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('patient data sealed to the device against the real server', () => {
  it('registers the key with the password, reads sealed names unlocked, stores them unreadable locked, reads all after the unlock', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const { id: organizationId } = await createOrganization(anna, 'DRK Müllheim');
    const service = await createServiceVia(anna, organizationId);
    await assignTeam(anna, service.id, [anna]);
    const first = await createProtocolVia(anna, service.id, { patientData: { firstName: 'Wendelgard', lastName: 'Quirinsbach' } });
    // An edit: the record history travels sealed to the device as well (sync entity recordRevision).
    expect((await anna.patch(`/api/patient-protocols/${first.protocol.id}`, { baseVersion: first.protocol.version, symptoms: 'Zittern', patientData: { phone: '0170 555' } })).statusCode).toBe(200);
    expect((await anna.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Ida Kleinschmidtova', description: 'Pflaster', materials: [] })).statusCode).toBe(201);

    const db = openTestDb('anna');
    await unlockDevice(db, password, cheap);
    vi.stubGlobal('fetch', fetchThrough(anna));
    expect(await registerDeviceKey(db, password)).toBe(true);
    expect(await registerDeviceKey(db, password)).toBe(false);
    expect(await app.db.selectFrom('devicePublicKeys').select('publicKey').execute()).toEqual([{ publicKey: (await db.getMeta('keyring'))?.devicePublicKey }]);

    const pulled: string[] = [];
    const harness = createEngine(db, { transport: transport(anna, pulled) });
    await startAndSettle(harness);
    const deviceId = await db.getMeta('deviceId');
    expect(pulled.filter((url) => !url.includes(`deviceId=${deviceId}`))).toEqual([]);
    expect((await db.patientData.get(first.protocol.id))?.patientData.lastName).toBe('Quirinsbach');
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual(['Ida Kleinschmidtova']);
    // The clinical part arrives sealed the same way (docs/security.md "Clinical data follows the team").
    expect(await db.protocols.get(first.protocol.id)).toMatchObject({ chiefComplaint: 'Synkope nach längerem Stehen', allergies: 'Penicillin' });
    expect((await db.minorTreatments.toArray()).map((t) => t.description)).toEqual(['Pflaster']);
    const history = async () => (await db.recordRevisions.where('protocolId').equals(first.protocol.id).toArray()).map((r) => `${r.field}=${r.newValue}`).sort();
    expect(await history()).toEqual(['phone=0170 555', 'symptoms=Zittern']);

    // Locked: the next patient arrives and is stored as it came, sealed to the device.
    lockDevice(db);
    const second = await createProtocolVia(anna, service.id, { patientData: { firstName: 'Bea', lastName: 'Tagträgerin' } });
    await syncAgain(harness);
    await anna.patch(`/api/patient-protocols/${second.protocol.id}`, { baseVersion: second.protocol.version, symptoms: 'Krampfanfall' });
    await syncAgain(harness);
    const stored = JSON.stringify([await db.patientData.toArray(), await db.minorTreatments.toArray(), await db.protocols.toArray(), await db.recordRevisions.toArray()]);
    expect(stored).not.toContain('Krampfanfall');
    expect(stored).not.toContain('0170 555');
    expect(stored).not.toContain('Synkope');
    expect(await db.patientData.get(second.protocol.id)).toMatchObject({ protocolId: second.protocol.id, enc: expect.stringMatching(/^l1~/) as unknown });
    for (const name of ['Quirinsbach', 'Tagträgerin', 'Kleinschmidtova']) expect(stored).not.toContain(name);

    await unlockDevice(db, password, cheap);
    expect((await db.patientData.get(second.protocol.id))?.patientData.lastName).toBe('Tagträgerin');
    expect(await db.protocols.get(second.protocol.id)).toMatchObject({ chiefComplaint: 'Synkope nach längerem Stehen', allergies: 'Penicillin' });
    expect((await db.patientData.get(first.protocol.id))?.patientData.lastName).toBe('Quirinsbach');
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual(['Ida Kleinschmidtova']);
    expect(await history()).toEqual(['phone=0170 555', 'symptoms=Zittern']);
    expect((await db.recordRevisions.where('protocolId').equals(second.protocol.id).toArray()).map((r) => r.newValue)).toEqual(['Krampfanfall']);
    await harness.engine.stop();
  });
});
