import type { Db } from '../db/connection';

/**
 * Whether a user's "Angaben geprüft" may clear the review flag of a row: only when no concurrent
 * edit was kept after the version the device showed (`baseVersion`). A conflict that reached the
 * server after the user looked flags the row again — nobody confirms what they have not seen.
 */
export async function reviewCovers(trx: Db, entities: readonly string[], entityId: string, baseVersion: number | undefined): Promise<boolean> {
  if (baseVersion === undefined) return false;
  const latest = await trx
    .selectFrom('fieldRevisions')
    .select((eb) => eb.fn.max('newVersion').as('version'))
    .where('entity', 'in', entities)
    .where('entityId', '=', entityId)
    .executeTakeFirst();
  return (latest?.version ?? 0) <= baseVersion;
}
