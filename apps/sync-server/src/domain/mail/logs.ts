import type { EmailLogItem } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { addMs, days, nowIso } from '../time';

/** Newest first; the e-mail tab shows the first 20 (docs/spec/accounts.md §9). */
export async function listEmailLogs(db: Db, limit = 100): Promise<EmailLogItem[]> {
  return db.selectFrom('emailLogs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** E-mail logs hold addresses (personal data): kept as long as access logs, 90 days (docs/decisions.md). */
export const emailLogRetentionDays = 90;

export async function purgeOldEmailLogs(db: Db): Promise<number> {
  const cutoff = addMs(nowIso(), -days(emailLogRetentionDays));
  const result = await db.deleteFrom('emailLogs').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
