import type { DiaryEntry, PullResponse } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createDiaryEntry, listDiaryEntries } from '../../src/data/repositories/diary';
import { applyPullPage } from '../../src/sync/applyPull';
import { openTestDb, organization, refusalText, seedOrganizations, serverService } from '../helpers/sync';

/** Manual diary entries on the device: offline write with its outbox row, capture rules, pull. */

const serviceId = '018f0000-0000-7000-8000-0000000000a1';

async function seed(status: 'active' | 'archived' = 'active') {
  const db = openTestDb();
  await seedOrganizations(db, 1);
  await db.services.put(serverService(serviceId, 1, { status }));
  return db;
}

describe('diary entries on the device', () => {
  it('writes the entry and its outbox row in one go, with this user as author', async () => {
    const db = await seed();
    const id = await createDiaryEntry(serviceId, '  RTW 2 an Bühne  ');
    expect(await listDiaryEntries(db, serviceId)).toEqual([
      expect.objectContaining({ id, serviceId, organizationId: 1, text: 'RTW 2 an Bühne', authorName: 'Anna Sanitäterin' }),
    ]);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'diaryEntry.create', entityId: id, status: 'pending' });
    expect(row?.args).toMatchObject({ id, serviceId, text: 'RTW 2 an Bühne' });
  });

  it('refuses what the server would: an archived service, an empty text', async () => {
    const archived = await seed('archived');
    expect(await refusalText(createDiaryEntry(serviceId, 'Zelt 2 voll'))).toMatch(/archiviert/);
    expect(await archived.outbox.count()).toBe(0);
    await expect(createDiaryEntry(serviceId, '   ')).rejects.toThrow();
  });

  it("takes entries from the pull; the server's copy replaces the device's", async () => {
    const db = await seed();
    const id = await createDiaryEntry(serviceId, 'Zelt 2 voll');
    await db.outbox.clear();
    const entry: DiaryEntry = { id, serviceId, organizationId: 1, text: 'Zelt 2 voll', occurredAt: '2026-11-24T10:00:00.000Z', authorId: 4, authorName: 'Anna', createdAt: '2026-11-24T10:00:05.000Z' };
    const page: PullResponse = {
      cursor: 'c', hasMore: false, organizations: [organization(1)], patientDataServices: [], changes: [{ entity: 'diaryEntry', op: 'upsert', id, organizationId: 1, version: 9, data: entry }],
    };
    await applyPullPage(db, page);
    expect(await listDiaryEntries(db, serviceId)).toEqual([entry]);
  });
});
