import { syncMutations } from '@sanidok/schema';
import type { LocalDiaryEntry, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { requireCaptureService } from './services';

/**
 * Manual diary entries of a service (the command-post board): written offline through
 * the outbox under the rule of every capture (service known, not blocked, not archived).
 */

export async function createDiaryEntry(serviceId: string, text: string): Promise<string> {
  const db = activeDatabase();
  const args = syncMutations['diaryEntry.create'].schema.parse({ id: uuidv7(), serviceId, text, occurredAt: new Date().toISOString() });
  await writeMutation(db, 'diaryEntry.create', async (tx) => {
    await requireCaptureService(tx, serviceId);
    return args;
  });
  return args.id;
}

/** Newest first. */
export async function listDiaryEntries(db: SaniDokDb, serviceId: string): Promise<LocalDiaryEntry[]> {
  const rows = await db.diaryEntries.where('serviceId').equals(serviceId).toArray();
  return rows.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
}
