import { describe, expect, it, vi } from 'vitest';
import { activeDatabase, closeUserDatabase } from '../../src/data/db';
import { onLocalWrite } from '../../src/data/localWrites';
import { isPending } from '../../src/data/hooks';
import { pendingEntityIds, pendingRows } from '../../src/data/outbox';
import { listMaterials } from '../../src/data/repositories/materials';
import {
  archiveService,
  completeService,
  createService,
  deleteService,
  LocalWriteError,
  listServices,
  updateService,
} from '../../src/data/repositories/services';
import { uuidv7 } from '../../src/data/uuid';
import { openTestDb, refusalText, seedOrganizations, serverService, validService } from '../helpers/sync';

const uuidV7Pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('follows the RFC 9562 layout and starts with the millisecond timestamp', () => {
    const id = uuidv7(Date.parse('2026-06-01T10:00:00.000Z'));
    expect(id).toMatch(uuidV7Pattern);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse('2026-06-01T10:00:00.000Z'));
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });
});

describe('local database', () => {
  it('is named per user and born with a device id and seq 0', async () => {
    const db = openTestDb();
    expect(db.name).toBe(`sanidok-${db.userId}`);
    expect(await db.getMeta('deviceId')).toMatch(uuidV7Pattern);
    expect(await db.getMeta('seq')).toBe(0);
  });

  it('refuses writes when nobody is signed in', async () => {
    openTestDb();
    closeUserDatabase();
    await expect(createService(validService())).rejects.toThrow('Keine lokale Datenbank');
  });
});

describe('service repository', () => {
  it('writes the row and its outbox row in one go and announces the write', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const listener = vi.fn();
    const unsubscribe = onLocalWrite(listener);
    const id = await createService(validService());
    unsubscribe();

    expect(id).toMatch(uuidV7Pattern);
    const row = await db.services.get(id);
    expect(row).toMatchObject({ id, name: 'Stadtfest Musterstadt', organizationName: 'Organisation 1', status: 'active', version: 0, createdByName: 'Anna Sanitäterin' });
    const [outbox] = await db.outbox.toArray();
    expect(outbox).toMatchObject({ seq: 1, name: 'service.create', entityId: id, status: 'pending' });
    expect(outbox?.args).toEqual({ ...validService(), id });
    expect(outbox?.mutationId).toMatch(uuidV7Pattern);
    expect(await db.getMeta('seq')).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('writes neither the row nor the outbox row when the transaction fails', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    // The row is already put when the outbox write fails (disk full, crash): all must roll back.
    vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    await expect(createService(validService())).rejects.toThrow('QuotaExceededError');
    vi.restoreAllMocks();
    expect(await db.services.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBe(0);

    // And the next write continues without a gap.
    await createService(validService());
    expect((await db.outbox.toArray()).map((r) => r.seq)).toEqual([1]);
  });

  it('keeps seq gapless across many writes, also concurrent ones', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const ids = await Promise.all(Array.from({ length: 40 }, () => createService(validService())));
    for (const id of ids.slice(0, 10)) await updateService(id, { name: `Neu ${id.slice(-4)}` });
    await Promise.all(ids.slice(10, 20).map((id) => archiveService(id)));
    const seqs = (await db.outbox.toArray()).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await db.getMeta('seq')).toBe(60);
    expect(new Set((await db.outbox.toArray()).map((r) => r.mutationId)).size).toBe(60);
  });

  it('refuses a service of an organisation the device does not hold, writing nothing', async () => {
    const db = openTestDb();
    await expect(createService(validService(5))).rejects.toBeInstanceOf(LocalWriteError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends only changed fields with the base version, and nothing when nothing changed', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const id = 'b8a5e1a2-7a43-4a55-9b1e-5d1f2a3b4c5d';
    await db.services.put(serverService(id, 1, { version: 42, startDate: '2026-06-01T08:00:00.000Z' }));

    // Same start instant written differently, same name: no change at all.
    expect(await updateService(id, { name: 'Stadtfest', startDate: '2026-06-01T10:00:00+02:00' })).toBe(false);
    expect(await db.outbox.count()).toBe(0);

    expect(await updateService(id, { name: 'Stadtfest 2026', location: 'Marktplatz', description: '' })).toBe(true);
    const [row] = await db.outbox.toArray();
    expect(row?.args).toEqual({ id, baseVersion: 42, name: 'Stadtfest 2026' });
    expect(await db.services.get(id)).toMatchObject({ name: 'Stadtfest 2026', version: 42 });
  });

  it('archives, completes and deletes locally with one outbox row each', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const a = await createService(validService());
    const b = await createService(validService());
    await archiveService(a);
    await completeService(b);
    expect((await db.services.get(a))?.status).toBe('archived');
    expect((await db.services.get(b))?.status).toBe('completed');
    await deleteService(a);
    expect(await db.services.get(a)).toBeUndefined();
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['service.create', 'service.create', 'service.archive', 'service.complete', 'service.delete']);
    expect(await refusalText(archiveService('00000000-0000-7000-8000-000000000000'))).toContain('nicht gefunden');
  });

  it('flags entities with changes waiting as pending', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const synced = 'c8a5e1a2-7a43-4a55-9b1e-5d1f2a3b4c5d';
    await db.services.put(serverService(synced, 1));
    const id = await createService(validService());
    expect(await isPending(id)).toBe(true);
    expect(await isPending(synced)).toBe(false);
    expect(await pendingEntityIds(db)).toEqual(new Set([id]));
    await db.outbox.update(1, { status: 'rejected' });
    expect(await isPending(id)).toBe(false);
    expect(await pendingRows(activeDatabase())).toEqual([]);
  });

  it('lists services newest start first, per organisation, and materials without deleted ones', async () => {
    const db = openTestDb();
    await db.services.bulkPut([
      serverService('00000000-0000-7000-8000-000000000001', 1, { startDate: '2026-01-01T00:00:00.000Z' }),
      serverService('00000000-0000-7000-8000-000000000002', 1, { startDate: '2026-03-01T00:00:00.000Z' }),
      serverService('00000000-0000-7000-8000-000000000003', 2, { startDate: '2026-02-01T00:00:00.000Z' }),
    ]);
    expect((await listServices(db)).map((s) => s.id.slice(-1))).toEqual(['2', '3', '1']);
    expect((await listServices(db, 1)).map((s) => s.id.slice(-1))).toEqual(['2', '1']);
    await db.materials.bulkPut([
      { id: 1, name: 'Pflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
      { id: 2, name: 'Alt', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: '2026-01-01T00:00:00.000Z' },
      { id: 3, name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
    ]);
    expect((await listMaterials(db, 1)).map((m) => m.name)).toEqual(['Kühlpack', 'Pflaster']);
  });
});
