// @vitest-environment node
// Minor treatments and consumption recorded offline on the device, then synced with the real
// server (buildApp on a temp SQLite file, real migrations, real mutation registry).
import type { MinorTreatment, PullResponse, PushResponse, Service, UsedMaterialSummary } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../../../sync-server/test/helpers/organizations';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { createTestApp, registeredClient } from '../../../sync-server/test/helpers/testApp';
import { pendingEntityIds } from '../../src/data/outbox';
import { addUsedMaterials, listUsedMaterials, refillUsedMaterials } from '../../src/data/repositories/materialUsage';
import { createMinorTreatment } from '../../src/data/repositories/minorTreatments';
import type { SyncTransport, TransportResult } from '../../src/sync/transport';
import { pullUrl, syncPaths } from '../../src/sync/transport';
import { createEngine, openTestDb, startAndSettle } from '../helpers/sync';
import { registerDeviceWithServer } from './registeredDevice';

function transport(client: Client, link: { online: boolean }): SyncTransport {
  async function forward<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<TransportResult<T>> {
    if (!link.online) return { ok: false, status: 0, message: 'offline' };
    const response = await client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    const body = response.json<T & { message?: string; code?: string }>();
    if (response.statusCode >= 400) return { ok: false, status: response.statusCode, message: body.message ?? '', code: body.code };
    return { ok: true, status: response.statusCode, body };
  }
  return { push: (request) => forward<PushResponse>('POST', syncPaths.push, request), pull: (params) => forward<PullResponse>('GET', pullUrl(params)) };
}

async function setup() {
  const app = await createTestApp();
  const medic = await registeredClient(app, 'anna');
  const { id: organizationId } = await createOrganization(medic, 'DRK Müllheim');
  const material = async (name: string) => (await medic.post('/api/materials', { name, unit: 'Stück', organizationId })).json<{ id: number }>();
  const pflaster = await material('Pflaster');
  const kuehlpack = await material('Kühlpack');
  const now = Date.now();
  const service = (await medic.post('/api/services', {
    name: 'Schützenfest', description: 'Test', location: 'Festplatz', organizationId,
    startDate: new Date(now - 3_600_000).toISOString(), endDate: new Date(now + 3_600_000).toISOString(),
  })).json<Service>();
  const db = openTestDb('anna');
  await registerDeviceWithServer(medic, db);
  const link = { online: true };
  const harness = createEngine(db, { transport: transport(medic, link) });
  await startAndSettle(harness);
  return { medic, db, link, harness, service, pflaster, kuehlpack };
}

describe('minor treatments against the real server', () => {
  it('uploads offline treatments, manual use and refills exactly once and pulls them back', async () => {
    const { medic, db, link, harness, service, pflaster, kuehlpack } = await setup();
    expect((await db.materials.toArray()).map((m) => m.name).sort()).toEqual(['Kühlpack', 'Pflaster']);

    link.online = false;
    const ids = [
      await createMinorTreatment({ serviceId: service.id, patientName: 'Jürgen Müller', description: 'Blase Ferse', materials: [{ id: pflaster.id, quantity: 2 }] }),
      await createMinorTreatment({ serviceId: service.id, patientName: 'Anna Schmidt', description: 'Insektenstich', materials: [{ id: kuehlpack.id, quantity: 1 }, { id: pflaster.id, quantity: 1 }] }),
      await createMinorTreatment({ serviceId: service.id, patientName: 'Ole Öztürk', description: 'Beratung', materials: [] }),
    ];
    await addUsedMaterials(service.id, [{ id: kuehlpack.id, quantity: 4 }]);
    const before = await listUsedMaterials(db, service.id);
    expect(before.map((r) => [r.name, r.count]).sort()).toEqual([['Kühlpack', 5], ['Pflaster', 3]]);
    const kuehl = before.find((r) => r.id === kuehlpack.id);
    await refillUsedMaterials(service.id, kuehl?.usageIds ?? [], kuehlpack.id);
    await harness.engine.idle();
    expect(await db.outbox.count()).toBe(5);

    link.online = true;
    harness.engine.requestSync('online');
    await harness.engine.idle();
    expect(await db.outbox.count()).toBe(0);
    expect(await pendingEntityIds(db)).toEqual(new Set());

    const listed = (await medic.get('/api/minor-treatments')).json<MinorTreatment[]>();
    expect(listed.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(listed.find((t) => t.id === ids[1])?.materials.map((m) => [m.name, m.quantity]).sort()).toEqual([['Kühlpack', 1], ['Pflaster', 1]]);
    const used = (await medic.get(`/api/materials/used?serviceId=${service.id}`)).json<UsedMaterialSummary[]>();
    expect(used.map((u) => [u.name, u.count])).toEqual([['Pflaster', 3]]);

    // The device now holds the server's copies (names decrypted, same ids) and the same sums.
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName).sort()).toEqual(['Anna Schmidt', 'Jürgen Müller', 'Ole Öztürk']);
    expect((await listUsedMaterials(db, service.id)).map((r) => [r.name, r.count])).toEqual([['Pflaster', 3]]);

    // 'Liste leeren' from the device reaches the server too.
    await refillUsedMaterials(service.id, (await listUsedMaterials(db, service.id)).flatMap((r) => r.usageIds));
    await harness.engine.idle();
    harness.engine.requestSync('manual');
    await harness.engine.idle();
    expect((await medic.get(`/api/materials/used?serviceId=${service.id}`)).json()).toEqual([]);
  });

  it('shows the server refusal for an archived service and reverts the local treatment', async () => {
    const { medic, db, link, harness, service } = await setup();
    link.online = false;
    const id = await createMinorTreatment({ serviceId: service.id, patientName: 'Max', description: 'Pflaster', materials: [] });
    // Meanwhile the service was ended and archived on the server.
    await medic.patch(`/api/services/${service.id}`, { endDate: new Date(Date.now() - 60_000).toISOString(), startDate: new Date(Date.now() - 7_200_000).toISOString() });
    expect((await medic.patch(`/api/services/${service.id}/archive`)).statusCode).toBe(200);
    link.online = true;
    harness.engine.requestSync('online');
    await harness.engine.idle();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ status: 'rejected', message: 'Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.' });
    expect(await db.minorTreatments.get(id)).toBeUndefined();
  });
});
