import type { PullResponse } from '@sanidok/schema';
import { createMinorTreatmentSchema, refillMaterialsSchema } from '@sanidok/schema';
import { describe, expect, it, vi } from 'vitest';
import { usageListKey } from '../../src/data/captureMutations';
import { isPending } from '../../src/data/hooks';
import { onLocalWrite } from '../../src/data/localWrites';
import { localWriteMark } from '../../src/data/outbox';
import { addUsedMaterials, listUsedMaterials, refillUsedMaterials } from '../../src/data/repositories/materialUsage';
import { createMinorTreatment, listMinorTreatmentPage, listServiceMinorTreatments } from '../../src/data/repositories/minorTreatments';
import { deleteService, LocalWriteError } from '../../src/data/repositories/services';
import { applyPullPage } from '../../src/sync/applyPull';
import { runningService, seedCapture, serviceId, treatmentRow, upsertTreatment, upsertUsage, usageRow, uuid } from '../features/minorTreatments/minorTreatments.fixtures';
import { createEngine, deleteServiceChange, openTestDb, organization, refusalText, startAndSettle } from '../helpers/sync';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const input = { serviceId, patientName: '  Max Mustermann ', description: 'Schürfwunde Knie', materials: [{ id: 1, quantity: 2 }, { id: 2, quantity: 1 }] };

function page(overrides: Partial<PullResponse>): PullResponse {
  return { cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId], changes: [], ...overrides };
}

describe('saving a minor treatment on the device', () => {
  it('writes the treatment, one usage row per material and the outbox row in one transaction', async () => {
    const db = openTestDb();
    await seedCapture(db);
    const listener = vi.fn();
    const unsubscribe = onLocalWrite(listener);
    const id = await createMinorTreatment(input);
    unsubscribe();

    expect(id).toMatch(uuidV7);
    const treatment = await db.minorTreatments.get(id);
    expect(treatment).toMatchObject({
      serviceId, serviceName: 'Schützenfest Großhöchstädt', organizationId: 1, patientName: 'Max Mustermann', description: 'Schürfwunde Knie', treatedById: db.userId,
      materials: [{ materialId: 1, name: 'Pflaster', quantity: 2 }, { materialId: 2, name: 'Kühlpack', quantity: 1 }],
    });
    const [outbox] = await db.outbox.toArray();
    expect(outbox).toMatchObject({ seq: 1, name: 'minorTreatment.create', entityId: id, status: 'pending' });
    // The args are exactly what the server's schema accepts, with every id made on the device.
    const args = createMinorTreatmentSchema.parse(outbox?.args);
    expect(args).toMatchObject({ id, serviceId, patientName: 'Max Mustermann', createdAt: treatment?.createdAt });
    const usage = await db.materialUsage.where('serviceId').equals(serviceId).toArray();
    expect(usage.map((u) => u.id).sort()).toEqual(args.materials.map((m) => m.usageId).sort());
    expect(usage.every((u) => u.source === 'minor_treatment' && u.sourceId === id && u.refilledAt === null && u.usedAt === treatment?.createdAt)).toBe(true);
    expect(await isPending(id)).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(localWriteMark).length).toBeGreaterThan(0);
  });

  it('writes nothing at all when any part of the transaction fails, and keeps seq gapless', async () => {
    const db = openTestDb();
    await seedCapture(db);
    // Treatment and usage rows are already put when the outbox write fails (disk full, crash).
    vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    await expect(createMinorTreatment(input)).rejects.toThrow('QuotaExceededError');
    vi.restoreAllMocks();
    expect(await db.minorTreatments.count()).toBe(0);
    expect(await db.materialUsage.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBe(0);

    // The usage rows fail after treatment, outbox row and counter were written: all roll back.
    vi.spyOn(db.materialUsage, 'bulkPut').mockImplementation(() => {
      throw new Error('Festplatte voll');
    });
    await expect(createMinorTreatment(input)).rejects.toThrow('Festplatte voll');
    vi.restoreAllMocks();
    expect(await db.minorTreatments.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBe(0);

    await createMinorTreatment(input);
    expect((await db.outbox.toArray()).map((r) => r.seq)).toEqual([1]);
  });

  it('validates with the shared schema and refuses blocked or archived services on the device', async () => {
    const db = openTestDb();
    await seedCapture(db, [runningService(), runningService(uuid(2), { status: 'archived' }), runningService(uuid(3), { isBlocked: true })]);
    await expect(createMinorTreatment({ ...input, patientName: ' ' })).rejects.toThrow('Bitte geben Sie den Namen des Patienten ein');
    await expect(createMinorTreatment({ ...input, materials: [{ id: 1, quantity: 0 }] })).rejects.toThrow('Menge muss mindestens 1 sein');
    expect(await refusalText(createMinorTreatment({ ...input, serviceId: uuid(2) }))).toBe('Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.');
    await expect(createMinorTreatment({ ...input, serviceId: uuid(3) })).rejects.toBeInstanceOf(LocalWriteError);
    expect(await refusalText(createMinorTreatment({ ...input, serviceId: uuid(9) }))).toBe('Sanitätsdienst nicht gefunden');
    expect(await db.outbox.count()).toBe(0);

    const blocked = openTestDb();
    await seedCapture(blocked, [runningService()], { blocked: true });
    expect(await refusalText(createMinorTreatment(input))).toBe('Diese Organisation ist gesperrt. Änderungen sind nicht möglich.');
  });

  it('pages all treatments newest first straight from the index, 2,000 of them', async () => {
    const db = openTestDb();
    await seedCapture(db);
    const base = Date.parse('2026-07-04T08:00:00.000Z');
    await db.minorTreatments.bulkPut(Array.from({ length: 2000 }, (_, i) => treatmentRow(uuid(i + 1), { createdAt: new Date(base + i * 60_000).toISOString() })));
    const first = await listMinorTreatmentPage(db, 0, 50);
    expect(first.total).toBe(2000);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.id).toBe(uuid(2000));
    const last = await listMinorTreatmentPage(db, 1950, 50);
    expect(last.rows.at(-1)?.id).toBe(uuid(1));
    expect((await listServiceMinorTreatments(db, serviceId))[0]?.id).toBe(uuid(2000));
  });
});

describe('material consumption on the device', () => {
  it('sums open usage per material and refills exactly the rows shown', async () => {
    const db = openTestDb();
    await seedCapture(db);
    await createMinorTreatment(input);
    await createMinorTreatment({ ...input, materials: [{ id: 1, quantity: 3 }] });
    const manual = await addUsedMaterials(serviceId, [{ id: 4, quantity: 5 }]);
    await db.materialUsage.put(usageRow(uuid(50), 2, 7, '2026-01-01T00:00:00.000Z', { refilledAt: '2026-01-01T01:00:00.000Z' }));

    const rows = await listUsedMaterials(db, serviceId);
    expect(rows.map((r) => [r.name, r.count]).sort()).toEqual([['Kühlpack', 1], ['Pflaster', 5], ['Rettungsdecke', 5]]);
    expect(rows.find((r) => r.id === 4)).toMatchObject({ manual: true, usageIds: manual });
    const [addRow] = (await db.outbox.toArray()).filter((r) => r.name === 'materialUsage.add');
    expect(addRow).toMatchObject({ entityId: usageListKey(serviceId), args: { serviceId, source: 'manual', materials: [{ id: 4, quantity: 5, usageId: manual[0] }] } });

    const pflaster = rows.find((r) => r.id === 1);
    await refillUsedMaterials(serviceId, pflaster?.usageIds ?? [], 1);
    expect((await listUsedMaterials(db, serviceId)).map((r) => r.name).sort()).toEqual(['Kühlpack', 'Rettungsdecke']);
    const refill = (await db.outbox.toArray()).at(-1);
    expect(refill).toMatchObject({ name: 'materialUsage.refill', args: { serviceId, materialId: 1, usageIds: pflaster?.usageIds } });
    expect(refillMaterialsSchema.safeParse(refill?.args).success).toBe(true);

    const rest = await listUsedMaterials(db, serviceId);
    await refillUsedMaterials(serviceId, rest.flatMap((r) => r.usageIds));
    expect(await listUsedMaterials(db, serviceId)).toEqual([]);
    // History stays: every row is kept, only marked.
    expect(await db.materialUsage.count()).toBe(5);
  });

  it('lists the most recently used material first, with the latest time of use', async () => {
    const db = openTestDb();
    await seedCapture(db);
    await db.materialUsage.bulkPut([
      usageRow(uuid(1), 1, 1, '2026-07-04T10:00:00.000Z'),
      usageRow(uuid(2), 2, 4, '2026-07-04T11:00:00.000Z'),
      usageRow(uuid(3), 1, 2, '2026-07-04T12:00:00.000Z'),
      usageRow(uuid(4), 3, 1, '2026-07-04T09:00:00.000Z', { serviceId: uuid(99) }),
    ]);
    expect((await listUsedMaterials(db, serviceId)).map((r) => ({ name: r.name, unit: r.unit, count: r.count, lastUsed: r.lastUsed }))).toEqual([
      { name: 'Pflaster', unit: 'Stück', count: 3, lastUsed: '2026-07-04T12:00:00.000Z' },
      { name: 'Kühlpack', unit: 'Stück', count: 4, lastUsed: '2026-07-04T11:00:00.000Z' },
    ]);
  });

  it('stores pulled treatments and usage, keeps a pending refill on top, and cascades a deleted service', async () => {
    const db = openTestDb();
    await seedCapture(db);
    await db.materialUsage.put(usageRow(uuid(60), 1, 2, '2026-07-04T12:00:00.000Z'));
    await refillUsedMaterials(serviceId, [uuid(60)], 1);
    // The server has not seen the refill yet and sends the row again (another change of it).
    await applyPullPage(db, page({ changes: [upsertTreatment(treatmentRow(uuid(61))), upsertUsage(usageRow(uuid(60), 1, 2, '2026-07-04T12:00:00.000Z'))] }));
    expect(await db.minorTreatments.get(uuid(61))).toMatchObject({ patientName: 'Max Mustermann' });
    expect((await db.materialUsage.get(uuid(60)))?.refilledAt).not.toBeNull();
    expect(await listUsedMaterials(db, serviceId)).toEqual([]);

    await applyPullPage(db, page({ changes: [deleteServiceChange(serviceId, 1)] }));
    expect(await db.minorTreatments.count()).toBe(0);
    expect(await db.materialUsage.count()).toBe(0);
  });

  it('purges the capture tables of an organisation the user left, and cascades a local delete', async () => {
    const db = openTestDb();
    await seedCapture(db);
    await createMinorTreatment(input);
    await applyPullPage(db, page({ organizations: [organization(2)] }));
    expect(await db.minorTreatments.count()).toBe(0);
    expect(await db.materialUsage.count()).toBe(0);

    const other = openTestDb();
    await seedCapture(other);
    await createMinorTreatment(input);
    await deleteService(serviceId);
    expect(await other.minorTreatments.count()).toBe(0);
    expect(await other.materialUsage.count()).toBe(0);
  });

  it('reverts a refused treatment and keeps it, with the reason, in the outbox', async () => {
    const db = openTestDb();
    await seedCapture(db);
    const id = await createMinorTreatment(input);
    const harness = createEngine(db);
    harness.server.organizations = [organization(1, 'DRK Müllheim')];
    harness.server.reject = () => 'Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.';
    await startAndSettle(harness);
    expect(await db.minorTreatments.get(id)).toBeUndefined();
    expect(await db.materialUsage.count()).toBe(0);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ status: 'rejected', message: 'Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.' });
    expect((row?.args as { patientName: string }).patientName).toBe('Max Mustermann');
  });
});
