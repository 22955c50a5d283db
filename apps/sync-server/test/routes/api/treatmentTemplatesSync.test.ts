import { randomUUID } from 'node:crypto';
import type { MinorTreatmentTemplate, PullResponse, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION, TREATMENT_TEMPLATES_MAX, treatmentTemplateMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/** Treatment templates through the sync push and pull (domain/treatmentTemplates). */

/** Each device counts its own seqs from 1. */
const seqs = new Map<string, number>();
const push = async (client: Client, deviceId: string, name: string, args: unknown) => {
  const seq = (seqs.get(deviceId) ?? 0) + 1;
  seqs.set(deviceId, seq);
  const response = await client.post('/api/sync/push', {
    deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() }],
  });
  expect(response.statusCode).toBe(200);
  const [result] = json<PushResponse>(response).results;
  return result;
};

async function templateChanges(client: Client) {
  const body = json<PullResponse>(await client.get('/api/sync/pull'));
  return body.changes.filter((c) => c.entity === 'treatmentTemplate');
}

async function setup() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const admin = await addMember(app, owner, orgId, 'adam', 'admin');
  const member = await addMember(app, owner, orgId, 'mona');
  const material = json<{ id: number }>(await owner.post('/api/materials', { organizationId: orgId, name: 'Blasenpflaster', unit: 'Stück' }));
  return { app, owner, admin, member, orgId, materialId: material.id };
}

describe('treatment templates', () => {
  it('an admin creates, updates and deletes a template; members pull each step', async () => {
    const { admin, member, orgId, materialId } = await setup();
    const device = randomUUID();
    const id = randomUUID();
    const created = await push(admin, device, 'treatmentTemplate.create', {
      id, organizationId: orgId, name: ' Blase ', description: 'Blase an der Ferse mit Blasenpflaster versorgt', materials: [{ materialId, quantity: 2 }],
    });
    expect(created).toMatchObject({ status: 'applied' });
    const [upsert] = await templateChanges(member);
    expect(upsert).toMatchObject({ op: 'upsert', id, organizationId: orgId });
    const data = (upsert as { data: MinorTreatmentTemplate }).data;
    expect(data).toMatchObject({ id, name: 'Blase', description: 'Blase an der Ferse mit Blasenpflaster versorgt', materials: [{ materialId, quantity: 2 }] });

    expect(await push(admin, device, 'treatmentTemplate.update', { id, name: 'Blase', description: 'Blase versorgt', materials: [] })).toMatchObject({ status: 'applied' });
    const [updated] = await templateChanges(member);
    expect((updated as { data: MinorTreatmentTemplate }).data).toMatchObject({ description: 'Blase versorgt', materials: [] });

    expect(await push(admin, device, 'treatmentTemplate.delete', { id })).toMatchObject({ status: 'applied' });
    expect(await templateChanges(member)).toEqual([expect.objectContaining({ op: 'delete', id })]);
  });

  it('a member may not maintain templates: 403 with a German reason, nothing written', async () => {
    const { app, member, orgId } = await setup();
    const result = await push(member, randomUUID(), 'treatmentTemplate.create', { id: randomUUID(), organizationId: orgId, name: 'Kühlen', description: 'Kühlpack', materials: [] });
    expect(result).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', message: 'Nur der Inhaber oder ein Administrator darf Behandlungsvorlagen anlegen, ändern oder löschen.' });
    expect(await app.db.selectFrom('treatmentTemplates').select('id').execute()).toEqual([]);
  });

  it('refuses a material of another organisation, or one deleted from the catalogue', async () => {
    const { app, owner, orgId, materialId } = await setup();
    const stranger = await registeredClient(app, 'fremd');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Organisation');
    const foreign = json<{ id: number }>(await stranger.post('/api/materials', { organizationId: otherOrg, name: 'Geheimes Material', unit: 'Stück' }));
    const device = randomUUID();
    const args = (id: number) => ({ id: randomUUID(), organizationId: orgId, name: 'Blase', description: 'Blase versorgt', materials: [{ materialId: id, quantity: 1 }] });
    expect(await push(owner, device, 'treatmentTemplate.create', args(foreign.id))).toMatchObject({ status: 'rejected', code: 'VALIDATION', message: treatmentTemplateMessages.unknownMaterial });
    expect((await owner.request({ method: 'DELETE', url: `/api/materials/${materialId}` })).statusCode).toBe(200);
    expect(await push(owner, device, 'treatmentTemplate.create', args(materialId))).toMatchObject({ status: 'rejected', code: 'VALIDATION', message: treatmentTemplateMessages.unknownMaterial });
    expect(await app.db.selectFrom('treatmentTemplates').select('id').execute()).toEqual([]);
  });

  it('another organisation\u2019s owner gets the template\u2019s 404; twice the same material is a 400', async () => {
    const { app, owner, orgId, materialId } = await setup();
    const id = randomUUID();
    expect(await push(owner, randomUUID(), 'treatmentTemplate.create', { id, organizationId: orgId, name: 'Blase', description: 'Blase versorgt', materials: [] })).toMatchObject({ status: 'applied' });
    const stranger = await registeredClient(app, 'fremd');
    await createOrganization(stranger, 'Fremde Organisation');
    const device = randomUUID();
    expect(await push(stranger, device, 'treatmentTemplate.delete', { id })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND', message: treatmentTemplateMessages.notFound });
    expect(await push(stranger, device, 'treatmentTemplate.update', { id, name: 'Weg', description: 'Weg', materials: [] })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    const twice = await push(owner, randomUUID(), 'treatmentTemplate.update', { id, name: 'Blase', description: 'x', materials: [{ materialId, quantity: 1 }, { materialId, quantity: 2 }] });
    expect(twice).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
    expect(twice?.message).toContain(treatmentTemplateMessages.duplicateMaterial);
    expect(await app.db.selectFrom('treatmentTemplates').select(['name', 'description']).execute()).toEqual([{ name: 'Blase', description: 'Blase versorgt' }]);
  });

  it(`stops at ${TREATMENT_TEMPLATES_MAX} templates per organisation with a German 409`, async () => {
    const { app, owner, orgId } = await setup();
    const now = new Date().toISOString();
    await app.db.insertInto('treatmentTemplates').values(Array.from({ length: TREATMENT_TEMPLATES_MAX }, (_, i) => ({
      id: randomUUID(), organizationId: orgId, name: `V${i}`, description: 'x', materialsJson: '[]', createdById: null, createdAt: now, updatedAt: now, version: 1,
    }))).execute();
    const result = await push(owner, randomUUID(), 'treatmentTemplate.create', { id: randomUUID(), organizationId: orgId, name: 'Zu viel', description: 'x', materials: [] });
    expect(result).toMatchObject({ status: 'rejected', code: 'CONFLICT', message: treatmentTemplateMessages.tooMany });
  });
});
