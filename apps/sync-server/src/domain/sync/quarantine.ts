import type { Db } from '../../db/connection';
import { addMs, days, nowIso } from '../time';

/**
 * How long a refused mutation stays in the quarantine (docs/decisions.md): long enough for an
 * administrator to look into a device's refusals, which the device itself shows at once; the
 * rows hold no patient data (push.ts, packages/schema `quarantineArgs`), the limit ends even
 * their ids and times, and the encrypted args of rows from before that rule.
 */
export const quarantineRetentionDays = 30;

/** The daily job (plugins/jobs.ts). */
export async function purgeOldQuarantine(db: Db): Promise<number> {
  const cutoff = addMs(nowIso(), -days(quarantineRetentionDays));
  const result = await db.deleteFrom('syncQuarantine').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
