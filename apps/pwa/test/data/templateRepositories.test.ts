import type { PullResponse } from '@sanidok/schema';
import { syncMutations } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createTreatmentTemplate, deleteTreatmentTemplate, listTreatmentTemplates, updateTreatmentTemplate } from '../../src/data/repositories/treatmentTemplates';
import { applyPullPage } from '../../src/sync/applyPull';
import { organization, openTestDb, refusalText } from '../helpers/sync';

/** Treatment templates on the device: local rules, outbox rows, pull. */

const catalogue = [
  { id: 1, name: 'Blasenpflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
  { id: 2, name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
  { id: 3, name: 'Alt', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: '2026-01-01T00:00:00.000Z' },
  { id: 9, name: 'Fremd', unit: 'Stück', organizationId: 2, unitPriceCents: null, deletedAt: null },
];

async function seed(role: 'owner' | 'admin' | 'member', isBlocked = false) {
  const db = openTestDb();
  await db.organizations.bulkPut([{ ...organization(1, 'DRK Müllheim'), role, isBlocked }, organization(2)]);
  await db.materials.bulkPut(catalogue);
  return db;
}

const blister = { name: 'Blase', description: 'Blase mit Blasenpflaster versorgt', materials: [{ materialId: 1, quantity: 2 }] };

describe('treatment templates on the device', () => {
  it('an admin creates, replaces and deletes a template; each write queues its mutation', async () => {
    const db = await seed('admin');
    const id = await createTreatmentTemplate(1, blister);
    expect(await listTreatmentTemplates(db, 1)).toEqual([expect.objectContaining({ id, organizationId: 1, ...blister })]);
    await updateTreatmentTemplate(id, { name: 'Blase', description: 'Blase versorgt', materials: [{ materialId: 2, quantity: 1 }] });
    expect(await db.treatmentTemplates.get(id)).toMatchObject({ description: 'Blase versorgt', materials: [{ materialId: 2, quantity: 1 }] });
    await deleteTreatmentTemplate(id);
    expect(await db.treatmentTemplates.count()).toBe(0);
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((row) => [row.name, row.entityId])).toEqual([['treatmentTemplate.create', id], ['treatmentTemplate.update', id], ['treatmentTemplate.delete', id]]);
    // The queued args are what the server's contract accepts.
    expect(() => syncMutations['treatmentTemplate.create'].schema.parse(outbox[0]?.args)).not.toThrow();
  });

  it('refuses on the device what the server would refuse, in German, and queues nothing', async () => {
    const member = await seed('member');
    expect(await refusalText(createTreatmentTemplate(1, blister))).toBe('Nur der Inhaber oder ein Administrator darf Behandlungsvorlagen anlegen, ändern oder löschen.');
    expect(await member.outbox.count()).toBe(0);
    // Opening the next user's database closes this one (one signed-in user at a time).
    const owner = await seed('owner');
    expect(await refusalText(createTreatmentTemplate(1, { ...blister, materials: [{ materialId: 9, quantity: 1 }] }))).toBe(
      'Ein Material der Vorlage steht nicht (mehr) im Materialkatalog der Organisation.',
    );
    expect(await refusalText(createTreatmentTemplate(1, { ...blister, materials: [{ materialId: 3, quantity: 1 }] }))).toMatch(/Materialkatalog/);
    expect(await refusalText(deleteTreatmentTemplate('018f0000-0000-7000-8000-000000000000'))).toBe('Vorlage nicht gefunden.');
    expect(await owner.outbox.count()).toBe(0);
    const blocked = await seed('owner', true);
    expect(await refusalText(createTreatmentTemplate(1, blister))).toMatch(/gesperrt/);
    expect(await blocked.outbox.count()).toBe(0);
  });

  it('takes templates from the pull and drops them on a tombstone', async () => {
    const db = await seed('member');
    const template = { id: '018f0000-0000-7000-8000-000000000001', organizationId: 1, ...blister, updatedAt: '2026-07-04T10:00:00.000Z' };
    const page = (changes: PullResponse['changes']): PullResponse => ({
      cursor: 'c', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [], changes,
    });
    await applyPullPage(db, page([{ entity: 'treatmentTemplate', op: 'upsert', id: template.id, organizationId: 1, version: 5, data: template }]));
    expect(await listTreatmentTemplates(db, 1)).toEqual([template]);
    await applyPullPage(db, page([{ entity: 'treatmentTemplate', op: 'delete', id: template.id, organizationId: 1, version: 6 }]));
    expect(await listTreatmentTemplates(db, 1)).toEqual([]);
  });
});
