import type { EmailLogItem } from '@sanidok/schema';
import type { Db } from '../../db/connection';

/** Newest first; the e-mail tab shows the first 20 (spec 1 §9). */
export async function listEmailLogs(db: Db, limit = 100): Promise<EmailLogItem[]> {
  return db.selectFrom('emailLogs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
