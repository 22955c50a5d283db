import type { PullResponse, SyncChange } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createService, updateService } from '../../src/data/repositories/services';
import { applyPullPage, localEntities } from '../../src/sync/applyPull';
import { createEngine, deleteServiceChange, openTestDb, organization, seedOrganizations, serverService, startAndSettle, upsertService, validService } from '../helpers/sync';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function page(overrides: Partial<PullResponse>): PullResponse {
  return { cursor: 'c1', hasMore: false, organizations: [organization(1)], patientDataServices: [], changes: [], ...overrides };
}

describe('applying a pull page', () => {
  it('upserts rows, deletes tombstoned ones and stores the cursor', async () => {
    const db = openTestDb();
    await db.services.put(serverService(id(2), 1));
    await applyPullPage(
      db,
      page({
        cursor: 'c7',
        changes: [
          upsertService(serverService(id(1), 1, { name: 'Neu', version: 5 })),
          deleteServiceChange(id(2), 1, 6),
          { entity: 'material', op: 'upsert', id: '3', organizationId: 1, version: 7, data: { id: 3, name: 'Pflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null } },
        ],
      }),
    );
    expect(await db.services.get(id(1))).toMatchObject({ name: 'Neu', version: 5 });
    expect(await db.services.get(id(2))).toBeUndefined();
    expect(await db.materials.get(3)).toMatchObject({ name: 'Pflaster' });
    expect(await db.getMeta('cursor')).toBe('c7');
    expect((await db.organizations.toArray()).map((o) => o.id)).toEqual([1]);
  });

  it('takes the last change of an id within a page (version order)', async () => {
    const db = openTestDb();
    await applyPullPage(db, page({ changes: [upsertService(serverService(id(1), 1, { version: 1 })), deleteServiceChange(id(1), 1, 2), upsertService(serverService(id(3), 1, { version: 3 })), deleteServiceChange(id(3), 1, 4), upsertService(serverService(id(3), 1, { version: 5, name: 'Zurück' }))] }));
    expect(await db.services.get(id(1))).toBeUndefined();
    expect(await db.services.get(id(3))).toMatchObject({ name: 'Zurück', version: 5 });
  });

  it('purges everything of organisations the user no longer belongs to', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1, 2);
    await db.services.bulkPut([serverService(id(1), 1), serverService(id(2), 2)]);
    await db.materials.bulkPut([
      { id: 1, name: 'A', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
      { id: 2, name: 'B', unit: 'Stück', organizationId: 2, unitPriceCents: null, deletedAt: null },
    ]);
    // A change for organisation 2 slipping into the page must not land either.
    await applyPullPage(db, page({ organizations: [organization(1)], changes: [upsertService(serverService(id(3), 2))] }));
    expect((await db.organizations.toArray()).map((o) => o.id)).toEqual([1]);
    expect((await db.services.toArray()).map((s) => s.id)).toEqual([id(1)]);
    expect((await db.materials.toArray()).map((m) => m.id)).toEqual([1]);
  });

  it('re-applies pending local changes on top of an older server row', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await db.services.put(serverService(id(1), 1, { version: 10 }));
    await updateService(id(1), { name: 'Lokal geändert' });
    const created = await createService(validService());

    // Someone else changed the location on the server; our name change is not pushed yet.
    await applyPullPage(db, page({ changes: [upsertService(serverService(id(1), 1, { version: 11, location: 'Festwiese' }))] }));
    expect(await db.services.get(id(1))).toMatchObject({ name: 'Lokal geändert', location: 'Festwiese', version: 11 });
    // The local create was not touched by the page and stays as it is.
    expect(await db.services.get(created)).toMatchObject({ name: 'Stadtfest Musterstadt', version: 0 });
  });

  it('keeps the server copy when a pending create turns out to be on the server already', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const created = await createService(validService());
    await applyPullPage(db, page({ changes: [upsertService(serverService(created, 1, { name: 'Stadtfest Musterstadt', createdByName: 'Anna', version: 12 }))] }));
    expect(await db.services.get(created)).toMatchObject({ version: 12, createdByName: 'Anna' });
  });

  it('does not resurrect a tombstoned row with a pending change', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await db.services.put(serverService(id(1), 1));
    await updateService(id(1), { name: 'Lokal' });
    await applyPullPage(db, page({ changes: [deleteServiceChange(id(1), 1)] }));
    expect(await db.services.get(id(1))).toBeUndefined();
  });
});

describe('pull loop', () => {
  it('pulls while hasMore, sending each returned cursor back', async () => {
    const db = openTestDb();
    const harness = createEngine(db);
    harness.server.pages = [
      page({ cursor: 'p1', hasMore: true, changes: [upsertService(serverService(id(1), 1))] }),
      page({ cursor: 'p2', hasMore: true, changes: [upsertService(serverService(id(2), 1))] }),
      page({ cursor: 'p3', hasMore: false, changes: [upsertService(serverService(id(3), 1))] }),
    ];
    await startAndSettle(harness);
    expect(harness.server.pulls.map((p) => p.cursor)).toEqual([undefined, 'p1', 'p2']);
    expect(harness.server.pulls[0]).toMatchObject({ limit: 500, schemaVersion: SYNC_SCHEMA_VERSION });
    expect(await db.services.count()).toBe(3);
    expect(await db.getMeta('cursor')).toBe('p3');
    expect(await db.getMeta('lastSyncAt')).toBe('2026-06-01T10:00:00.000Z');
  });

  it('asks for the next page while applying the current one, and applies the pages in order', async () => {
    const db = openTestDb();
    const harness = createEngine(db);
    harness.server.pages = [
      page({ cursor: 'p1', hasMore: true, changes: [upsertService(serverService(id(1), 1))] }),
      page({ cursor: 'p2', hasMore: false, changes: [upsertService(serverService(id(1), 1, { name: 'Später', version: 9 }))] }),
    ];
    // What the device held when each request left: the second one goes out before page 1 is stored.
    const cursorsAtRequest: (string | undefined)[] = [];
    const pull = harness.server.pull.bind(harness.server);
    harness.server.pull = async (params) => {
      cursorsAtRequest.push(await db.getMeta('cursor'));
      return pull(params);
    };
    await startAndSettle(harness);
    expect(harness.server.pulls.map((p) => p.cursor)).toEqual([undefined, 'p1']);
    expect(cursorsAtRequest).toEqual([undefined, undefined]);
    // Page 2 was applied after page 1: its later version of the same row wins.
    expect(await db.services.get(id(1))).toMatchObject({ name: 'Später', version: 9 });
    expect(await db.getMeta('cursor')).toBe('p2');
  });

  it('sends the stored cursor, unless it was kept by a version that stored fewer entities', async () => {
    const db = openTestDb();
    await db.setMeta('cursor', 'c-known');
    await db.setMeta('cursorEntities', [...localEntities]);
    const harness = createEngine(db);
    await startAndSettle(harness);
    expect(harness.server.pulls[0]?.cursor).toBe('c-known');

    const older = openTestDb();
    await older.setMeta('cursor', 'c-older');
    await older.setMeta('cursorEntities', ['service', 'material']);
    const upgraded = createEngine(older);
    await startAndSettle(upgraded);
    expect(upgraded.server.pulls[0]?.cursor).toBeUndefined();
    expect(await older.getMeta('cursorEntities')).toEqual([...localEntities]);
  });

  it('skips changes of entities this version does not store yet', async () => {
    const db = openTestDb();
    // An entity name of a newer server version, unknown to this one.
    const unknown = { entity: 'futureEntity', op: 'delete', id: id(9), organizationId: 1, version: 3 } as unknown as SyncChange;
    await applyPullPage(db, page({ cursor: 'c9', changes: [unknown, upsertService(serverService(id(1), 1))] }));
    expect(await db.services.count()).toBe(1);
    expect(await db.getMeta('cursor')).toBe('c9');
  });

  it('drops a page whose pull was started over meanwhile (a device key registered) and asks again from the start', async () => {
    const db = openTestDb();
    await db.setMeta('cursor', 'c-old');
    await db.setMeta('cursorEntities', [...localEntities]);
    const harness = createEngine(db);
    // Asked with the old cursor, answered without the rows the registered key now unlocks; the
    // registration resets the cursor while that answer is on its way.
    harness.server.pull = async (params) => {
      if (params.cursor === 'c-old') {
        await db.meta.delete('cursor');
        return { ok: true, status: 200, body: page({ cursor: 'c-stale', changes: [upsertService(serverService(id(1), 1, { name: 'Alt', version: 4 }))] }) };
      }
      return { ok: true, status: 200, body: page({ cursor: 'c-full', changes: [upsertService(serverService(id(1), 1, { name: 'Vollständig', version: 4 }))] }) };
    };
    await startAndSettle(harness);
    expect(await db.getMeta('cursor')).toBe('c-full');
    expect(await db.services.get(id(1))).toMatchObject({ name: 'Vollständig' });
  });

  it('keeps the previous cursor when a page fails, so nothing is skipped', async () => {
    const db = openTestDb();
    const harness = createEngine(db);
    harness.server.pages = [page({ cursor: 'p1', hasMore: true, changes: [upsertService(serverService(id(1), 1))] })];
    // The first pull answers a page, the second fails.
    const pull = harness.server.pull.bind(harness.server);
    let calls = 0;
    harness.server.pull = async (params) => {
      calls += 1;
      if (calls === 2) return { ok: false, status: 503, message: 'Wartung' };
      return pull(params);
    };
    await startAndSettle(harness);
    expect(await db.getMeta('cursor')).toBe('p1');
    expect(await db.getMeta('lastSyncAt')).toBeUndefined();
  });
});
