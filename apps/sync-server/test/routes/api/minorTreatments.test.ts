import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseText } from '../../helpers/databaseContent';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { createOrganization } from '../../helpers/organizations';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, MinorTreatment, UsedMaterialSummary } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { objectWith } from '../../helpers/matchers';

const setup = serviceTeam;

const counts = async (app: FastifyInstance) => ({
  treatments: (await app.db.selectFrom('minorTreatments').select('id').execute()).length,
  usage: (await app.db.selectFrom('materialUsage').select('id').execute()).length,
});

describe('minor treatments', () => {
  it('records a treatment with materials; the name is encrypted at rest, left out of REST lists and pulled sealed to the member’s device', async () => {
    const { app, medic, service, material } = await setup();
    const pflaster = await material('Pflaster');
    const created = await medic.post('/api/minor-treatments', {
      serviceId: service.id, patientName: 'Jürgen Müller', description: 'Schürfwunde Knie gereinigt', materials: [{ id: pflaster, quantity: 2 }],
    });
    expect(created.statusCode).toBe(201);
    // The reply echoes neither the name nor the description (docs/security.md "Clinical data follows the team").
    expect(created.json()).toMatchObject({ patientName: null, description: '', serviceName: 'Stadtfest Musterstadt', materials: [{ materialId: pflaster, name: 'Pflaster', quantity: 2 }] });
    const row = await app.db.selectFrom('minorTreatments').selectAll().executeTakeFirstOrThrow();
    expect(row.patientNameEnc).toMatch(/^v1\./);
    expect(row.patientNameEnc).not.toContain('Jürgen');
    const dbBytes = await databaseText(app);
    expect(dbBytes).not.toContain('Jürgen Müller');

    expect((await medic.get('/api/minor-treatments')).json()).toHaveLength(1);
    // REST is what a copied session cookie reaches: no name (docs/security.md "Patient data needs the unlocked device").
    expect(json<MinorTreatment[]>(await medic.get(`/api/services/${service.id}/minor-treatments`))[0]).toMatchObject({ patientName: null, date: json<MinorTreatment>(created).createdAt });
    const pulled = (await pullAsDevice(medic, await registerDevice(medic))).changes;
    expect(pulled).toContainEqual(expect.objectContaining({ entity: 'minorTreatment', id: json<MinorTreatment>(created).id, data: objectWith({ patientName: 'Jürgen Müller' }) }));
  });

  it('rejects bad input with German messages and writes nothing', async () => {
    const { app, owner, medic, service, material } = await setup();
    const pflaster = await material('Pflaster');
    const stranger = await registeredClient(app, 'fremd');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Org');
    const foreignMaterial = await material('Fremdmaterial', otherOrg, stranger);
    const base = { serviceId: service.id, patientName: 'Anna', description: 'Kühlpack' };
    const cases: [unknown, string][] = [
      [{ ...base, materials: [{ id: pflaster, quantity: 0 }] }, 'Menge muss mindestens 1 sein'],
      [{ ...base, materials: [{ id: pflaster, quantity: -3 }] }, 'Menge muss mindestens 1 sein'],
      [{ ...base, materials: [{ id: pflaster, quantity: 1.5 }] }, 'Menge muss eine ganze Zahl sein'],
      [{ ...base, materials: [{ id: foreignMaterial, quantity: 1 }] }, 'Das Material gehört nicht zur Organisation dieses Sanitätsdienstes.'],
      [{ ...base, serviceId: randomUUID() }, 'Sanitätsdienst nicht gefunden'],
      [{ ...base, serviceId: 'kein-dienst' }, 'Bitte wählen Sie einen Sanitätsdienst aus'],
      [{ ...base, patientName: '  ' }, 'Bitte geben Sie den Namen des Patienten ein'],
      [{ ...base, description: '' }, 'Bitte beschreiben Sie die Behandlung'],
    ];
    for (const [payload, message] of cases) {
      const response = await medic.post('/api/minor-treatments', payload);
      expect(response.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json<ApiErrorBody>(response).message).toBe(message);
    }
    await app.db.updateTable('services').set({ isBlocked: 1 }).where('id', '=', service.id).execute();
    const blocked = await medic.post('/api/minor-treatments', { ...base, materials: [{ id: pflaster, quantity: 1 }] });
    expect(blocked.statusCode).toBe(423);
    expect(await counts(app)).toEqual({ treatments: 0, usage: 0 });
    expect((await owner.get('/api/minor-treatments')).json()).toEqual([]);
  });
});

describe('material consumption', () => {
  it('sums open usage per material, refills one, clears all, keeps the history', async () => {
    const { app, medic, service, material } = await setup();
    const pflaster = await material('Pflaster');
    const kuehl = await material('Kühlpack');
    await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'A', description: 'x', materials: [{ id: pflaster, quantity: 2 }, { id: kuehl, quantity: 1 }] });
    await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'B', description: 'y', materials: [{ id: pflaster, quantity: 3 }] });
    const manual = await medic.post('/api/materials/add-used', { serviceId: service.id, materials: [{ id: kuehl, quantity: 4 }] });
    expect(manual.statusCode).toBe(201);
    expect(json<ApiErrorBody>(await medic.post('/api/materials/add-used', { serviceId: service.id, materials: [] })).message).toBe('Bitte wählen Sie mindestens ein Material aus');

    const used = json<UsedMaterialSummary[]>(await medic.get(`/api/materials/used?serviceId=${service.id}`));
    expect(used.map((u: { name: string; count: number }) => [u.name, u.count]).sort()).toEqual([['Kühlpack', 5], ['Pflaster', 5]]);

    expect((await medic.request({ method: 'DELETE', url: `/api/materials/used/${pflaster}?serviceId=${service.id}` })).json()).toEqual({ refilled: 2 });
    expect(json<UsedMaterialSummary[]>(await medic.get(`/api/materials/used?serviceId=${service.id}`)).map((u: { name: string }) => u.name)).toEqual(['Kühlpack']);
    expect((await medic.post('/api/materials/clear', { serviceId: service.id })).json()).toEqual({ refilled: 2 });
    expect((await medic.get(`/api/materials/used?serviceId=${service.id}`)).json()).toEqual([]);
    expect(await counts(app)).toEqual({ treatments: 2, usage: 4 });
    expect((await medic.post('/api/materials/clear', {})).statusCode).toBe(400);
  });

  it('exports the open consumption as a PDF named after the service, without caching', async () => {
    const { medic, service, material } = await setup();
    const kuehl = await material('Kühlpack');
    await medic.post('/api/materials/add-used', { serviceId: service.id, materials: [{ id: kuehl, quantity: 3 }] });
    const response = await medic.get(`/api/materials/export?serviceId=${service.id}&t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Materialverbrauch-Stadtfest-Musterstadt.pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await medic.get(`/api/materials/export?serviceId=${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('minor treatments through sync', () => {
  it('arrive once with their usage rows and come back through pull', async () => {
    const { app, medic, service, material } = await setup();
    const pflaster = await material('Pflaster');
    const id = randomUUID();
    const usageId = randomUUID();
    const mutation = { mutationId: randomUUID(), seq: 1, name: 'minorTreatment.create', createdAt: new Date().toISOString(),
      args: { id, serviceId: service.id, patientName: 'Offline Olaf', description: 'Pflaster', materials: [{ id: pflaster, quantity: 1, usageId }], createdAt: '2026-01-01T10:00:00.000Z' } };
    const deviceId = randomUUID();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await medic.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [mutation] });
    }
    expect(await counts(app)).toEqual({ treatments: 1, usage: 1 });
    const treatment = await app.db.selectFrom('minorTreatments').selectAll().executeTakeFirstOrThrow();
    expect(treatment.createdAt).toBe('2026-01-01T10:00:00.000Z');
    const pulled = (await pullAsDevice(medic, await registerDevice(medic))).changes;
    expect(pulled).toEqual(expect.arrayContaining([
      expect.objectContaining({ entity: 'minorTreatment', id, data: objectWith({ patientName: 'Offline Olaf' }) }),
      expect.objectContaining({ entity: 'materialUsage', id: usageId, data: objectWith({ quantity: 1, sourceId: id }) }),
    ]));
  });
});
