import { rawStatement } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import { nowIso } from '../time';

/**
 * The next value of the global change counter. Must be called inside the writing transaction:
 * SQLite serialises writers, so versions are unique and increase in commit order.
 */
export async function nextVersion(trx: Db): Promise<number> {
  const [row] = (await bumpVersion(trx)) as { version: number }[];
  if (!row) throw new Error('sync_state fehlt');
  return row.version;
}

// Runs once per synced write: precompiled, no query building on the hot path.
const bumpVersion = rawStatement('update sync_state set version = version + 1 where id = 1 returning version');

/** Records a deletion so that devices remove the row on their next pull. */
export async function writeTombstone(trx: Db, entity: string, entityId: string, organizationId: number): Promise<void> {
  const version = await nextVersion(trx);
  await trx
    .insertInto('syncTombstones')
    .values({ entity, entityId, organizationId, version, deletedAt: nowIso() })
    .onConflict((oc) => oc.columns(['entity', 'entityId']).doUpdateSet({ version, deletedAt: nowIso() }))
    .execute();
}
