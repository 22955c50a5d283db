import { randomUUID } from 'node:crypto';
import type { PullResponse, PushResponse, SyncChange } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganizationWithSecret } from '../../helpers/archive';
import { openChange, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { addMember } from '../../helpers/organizations';
import { createProtocolVia } from '../../helpers/protocols';
import { assignTeam, createServiceVia, envelope } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * docs/security.md "Patient data needs the unlocked device": what a locked, powered-off tablet's
 * disk holds — the session cookie and the device id — reads no patient name from any endpoint;
 * the device's registered key, which only the unlocked device holds, opens them.
 */
const names = { protocol: 'Quirinsbach', minorTreatment: 'Kleinschmidtova', manv: 'Tagträgerin' };

async function seeded() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const medic = await addMember(app, owner, org.id, 'mona');
  const service = await createServiceVia(owner, org.id);
  await assignTeam(owner, service.id, [owner, medic]);
  const protocol = await createProtocolVia(owner, service.id, { patientData: { firstName: 'Wendelgard', lastName: names.protocol } });
  expect((await owner.post('/api/minor-treatments', { serviceId: service.id, patientName: `Ida ${names.minorTreatment}`, description: 'Pflaster', materials: [] })).statusCode).toBe(201);
  const incidentId = randomUUID();
  const push = json<PushResponse>(await owner.post('/api/sync/push', {
    deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [
      envelope('manvIncident.open', { id: incidentId, serviceId: service.id, name: 'Bühneneinsturz', startedAt: new Date().toISOString(), blueEnabled: false }, 1),
      envelope('manvPatient.register', { id: randomUUID(), incidentId, tagNumber: 'A-17', createdAt: new Date().toISOString(), treatmentArea: null, person: { name: `Bea ${names.manv}` } }, 2),
    ],
  }));
  expect(push.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  return { app, owner, medic, org, service, protocolId: protocol.protocol.id };
}

const leaks = (body: string) => Object.values(names).filter((name) => body.includes(name));

async function pullAll(client: { get: (url: string) => Promise<{ body: string; statusCode: number }> }, query = ''): Promise<{ bodies: string[]; changes: SyncChange[]; scope: string[] }> {
  const bodies: string[] = [];
  const changes: SyncChange[] = [];
  let cursor = '';
  for (;;) {
    const response = await client.get(`/api/sync/pull?limit=1000${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode).toBe(200);
    bodies.push(response.body);
    const page = JSON.parse(response.body) as PullResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { bodies, changes, scope: page.patientDataServices };
  }
}

describe('patient data needs the unlocked device, not the cookie', () => {
  it('answers no patient name to the session cookie and device id of a locked tablet, from any endpoint of the API', async () => {
    const { app, owner, org, service, protocolId } = await seeded();
    // The tablet registered its key at sign-in; its disk keeps the device id (IndexedDB) and the cookie.
    const device = await registerDevice(owner);
    const ids: Record<string, string> = { organizations: String(org.id), services: service.id, 'patient-protocols': protocolId };
    const urlOf = (template: string) => template.replace(/\/([a-z-]+)\/:(?:id|orgId)/g, (_, resource: string) => `/${resource}/${encodeURIComponent(ids[resource] ?? 'x')}`);

    const answers: { url: string; status: number; leaked: string[] }[] = [];
    for (const route of app.apiRoutes.filter((r) => r.method === 'GET')) {
      const url = urlOf(route.url);
      const response = await owner.get(url);
      answers.push({ url, status: response.statusCode, leaked: leaks(response.body) });
    }
    for (const query of ['', `&deviceId=${device.deviceId}`, `&deviceId=${device.deviceId}&pending=0`, `&deviceId=${randomUUID()}`]) {
      const { bodies } = await pullAll(owner, query);
      answers.push({ url: `/api/sync/pull?${query}`, status: 200, leaked: bodies.flatMap(leaks) });
    }
    // Write replies that return a protocol: an empty change answers the stored one.
    const stored = json<{ protocol: { version: number } }>(await owner.get(`/api/patient-protocols/${protocolId}`));
    const patched = await owner.patch(`/api/patient-protocols/${protocolId}`, { baseVersion: stored.protocol.version, updatedAt: new Date().toISOString() });
    answers.push({ url: `PATCH /api/patient-protocols/${protocolId}`, status: patched.statusCode, leaked: leaks(patched.body) });

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.leaked.length > 0)).toEqual([]);
    // The reads did run: the owner reads the protocol, the lists and the pull.
    expect(answers.find((a) => a.url === `/api/patient-protocols/${protocolId}`)?.status).toBe(200);
    expect(answers.find((a) => a.url === `/api/services/${service.id}/minor-treatments`)?.status).toBe(200);
  });

  it('seals every patient name of the pull to the registered device key, and the device opens them all', async () => {
    const { owner, service } = await seeded();
    const device = await registerDevice(owner);
    const { bodies, changes, scope } = await pullAll(owner, `&deviceId=${device.deviceId}`);
    expect(bodies.flatMap(leaks)).toEqual([]);
    expect(scope).toEqual([service.id]);
    const sealed = changes.filter((c) => c.op === 'upsert' && c.sealed !== undefined);
    // The protocol's clinical part travels sealed as well (docs/security.md "Clinical data follows the team").
    expect(sealed.map((c) => c.entity).sort()).toEqual(['manvPatient', 'minorTreatment', 'patientData', 'protocol']);
    const opened = JSON.stringify(await Promise.all(changes.map((change) => openChange(device, change))));
    expect(leaks(opened).sort()).toEqual(Object.values(names).sort());
  });

  it('registers a device key only with the right password, and only for the own device', async () => {
    const { app, owner, medic } = await seeded();
    const device = await registerDevice(owner);
    const wrong = await medic.put('/api/device/key', { deviceId: randomUUID(), publicKey: `${'k'.repeat(42)}A`, currentPassword: 'falsch-falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ message: string }>(wrong).message).toBe('Das aktuelle Passwort ist falsch.');
    // The tablet's device id with the thief's own account: another user's device.
    const foreign = await medic.put('/api/device/key', { deviceId: device.deviceId, publicKey: `${'k'.repeat(42)}A`, currentPassword: 'Geheim-Sani-42' });
    expect(foreign.statusCode).toBe(403);
    const stored = await app.db.selectFrom('devicePublicKeys').select(['deviceId', 'userId']).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.deviceId).toBe(device.deviceId);
  });
});
