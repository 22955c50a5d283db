import { describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, Material } from '@sanidok/schema';

describe('material catalogue', () => {
  it('lets the owner add and delete, refuses duplicates, shows members the catalogue', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const member = await addMember(app, owner, id, 'mona');

    const missing = await owner.post('/api/materials', { name: ' ', unit: '', organizationId: id });
    expect(json<ApiErrorBody>(missing).fields).toEqual({ name: 'Bitte geben Sie einen Namen ein', unit: 'Bitte geben Sie eine Einheit ein' });
    const plaster = await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: id });
    expect(plaster.statusCode).toBe(201);
    const duplicate = await owner.post('/api/materials', { name: ' pflaster ', unit: 'Packung', organizationId: id });
    expect(duplicate.statusCode).toBe(409);
    expect(json<ApiErrorBody>(duplicate).message).toBe('Ein Material mit diesem Namen gibt es im Katalog bereits.');
    await owner.post('/api/materials', { name: 'Dreiecktuch', unit: 'Stück', organizationId: String(id) });

    expect(json<Material[]>(await member.get(`/api/materials?organizationId=${id}`)).map((m: { name: string }) => m.name)).toEqual(['Dreiecktuch', 'Pflaster']);
    expect((await member.get('/api/materials')).json()).toHaveLength(2);
    expect((await member.request({ method: 'DELETE', url: `/api/materials/${json<Material>(plaster).id}` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'DELETE', url: `/api/materials/${json<Material>(plaster).id}` })).statusCode).toBe(200);
    expect(json<Material[]>(await member.get('/api/materials')).map((m: { name: string }) => m.name)).toEqual(['Dreiecktuch']);
    expect((await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: id })).statusCode).toBe(201);
  });

  it('keeps a unit price the owner sets, clears it, refuses bad prices in German, and devices pull it', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const member = await addMember(app, owner, id, 'mona');
    const priced = json<Material>(await owner.post('/api/materials', { name: 'Kühlpack', unit: 'Stück', organizationId: id, unitPriceCents: 120 }));
    expect(priced.unitPriceCents).toBe(120);
    const plain = json<Material>(await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: id }));
    expect(plain.unitPriceCents).toBeNull();
    const set = await owner.request({ method: 'PATCH', url: `/api/materials/${plain.id}`, payload: { unitPriceCents: 35 } });
    expect([set.statusCode, json<Material>(set).unitPriceCents]).toEqual([200, 35]);
    const cleared = await owner.request({ method: 'PATCH', url: `/api/materials/${priced.id}`, payload: { unitPriceCents: null } });
    expect(json<Material>(cleared).unitPriceCents).toBeNull();
    for (const bad of [-1, 1.5, 1_000_001, '120']) {
      const refused = await owner.request({ method: 'PATCH', url: `/api/materials/${plain.id}`, payload: { unitPriceCents: bad } });
      expect([refused.statusCode, json<ApiErrorBody>(refused).message], String(bad)).toEqual([400, 'Bitte geben Sie den Preis in Euro an, z. B. 1,20 (höchstens 10.000 €).']);
    }
    const byMember = await member.request({ method: 'PATCH', url: `/api/materials/${plain.id}`, payload: { unitPriceCents: 1 } });
    expect([byMember.statusCode, json<ApiErrorBody>(byMember).message]).toEqual([403, 'Nur der Inhaber darf den Materialkatalog ändern.']);
    expect(json<Material[]>(await member.get(`/api/materials?organizationId=${id}`)).map((m) => [m.name, m.unitPriceCents])).toEqual([['Kühlpack', null], ['Pflaster', 35]]);
    const pull = json<{ changes: { entity: string; data: { name: string; unitPriceCents: number | null } }[] }>(await member.get('/api/sync/pull'));
    // In version order: the price change of Pflaster came before clearing Kühlpack's.
    expect(pull.changes.filter((c) => c.entity === 'material').map((c) => [c.data.name, c.data.unitPriceCents])).toEqual([['Pflaster', 35], ['Kühlpack', null]]);
  });

  it('hides other organisations\u2019 materials and answers 404 for them', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const material = json<Material>(await owner.post('/api/materials', { name: 'Kühlpack', unit: 'Stück', organizationId: id }));
    const stranger = await registeredClient(app, 'otto');
    await createOrganization(stranger, 'Andere Org');
    expect((await stranger.get('/api/materials')).json()).toEqual([]);
    expect(json(await stranger.request({ method: 'DELETE', url: `/api/materials/${material.id}` }))).toEqual({ code: 'NOT_FOUND', message: 'Material nicht gefunden.' });
    expect((await stranger.post('/api/materials', { name: 'X', unit: 'Y', organizationId: id })).statusCode).toBe(404);
    expect(json<ApiErrorBody>(await stranger.post('/api/materials', { name: 'X', unit: 'Y', organizationId: 'abc' })).fields).toEqual({ organizationId: 'Keine Organisation ausgewählt' });
  });
});
