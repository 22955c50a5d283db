import { rawStatement } from '../db/compiledInsert';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import { nowIso } from './time';

/**
 * The version counter of one sync push: read once when the batch starts, counted up in memory,
 * written back once before the commit (`settleVersions`). The batch transaction holds SQLite's
 * only writer, so no other write can take a version in between: the values are the ones the
 * per-write UPDATE would have given, one statement per batch instead of one per row.
 */
interface BatchVersions {
  current: number;
  readonly start: number;
}

const batches = new WeakMap<Db, BatchVersions>();

const readVersion = rawStatement('select version from sync_state where id = 1');
// PostgreSQL runs pushes side by side: the row lock, held until the push commits, makes the next
// push wait before it reads the counter, so versions increase in commit order
// (docs/sync-protocol.md, "Versions in commit order").
const lockVersion = rawStatement('select version from sync_state where id = 1 for update');
const writeVersion = rawStatement('update sync_state set version = ? where id = 1');
// Runs once per synced write outside a push: precompiled, no query building on the hot path.
const bumpVersion = rawStatement('update sync_state set version = version + 1 where id = 1 returning version');

/** Starts counting versions in memory for the batch transaction `trx`. */
export async function reserveVersions(trx: Db): Promise<void> {
  const [row] = (await (isPostgres(trx) ? lockVersion : readVersion)(trx)) as { version: number }[];
  if (!row) throw new Error('sync_state fehlt');
  batches.set(trx, { current: row.version, start: row.version });
}

/** Where the counter stands: a mutation rolled back to its savepoint gives its versions back. */
export function versionMark(trx: Db): number | undefined {
  return batches.get(trx)?.current;
}

export function rewindVersions(trx: Db, mark: number | undefined): void {
  const batch = batches.get(trx);
  if (batch && mark !== undefined) batch.current = mark;
}

/** Writes the batch's counter back (inside the transaction, before the commit). */
export async function settleVersions(trx: Db): Promise<void> {
  const batch = batches.get(trx);
  if (!batch) return;
  batches.delete(trx);
  if (batch.current !== batch.start) await writeVersion(trx, [batch.current]);
}

/**
 * The next value of the global change counter. Must be called inside the writing transaction:
 * SQLite serialises writers; on PostgreSQL the UPDATE locks the counter row until the commit. Either
 * way versions are unique and increase in commit order.
 */
export async function nextVersion(trx: Db): Promise<number> {
  const batch = batches.get(trx);
  if (batch) return (batch.current += 1);
  const [row] = (await bumpVersion(trx)) as { version: number }[];
  if (!row) throw new Error('sync_state fehlt');
  return row.version;
}

const bumpVersionBy = rawStatement('update sync_state set version = version + ? where id = 1 returning version');

/**
 * Reserves `count` consecutive versions for a set-based write (the retention job's tombstones,
 * domain/retention/records.ts): returns the one before the first, so row n (from 1) takes
 * `base + n`. Locks the counter like `nextVersion`; not for use inside a push batch.
 */
export async function reserveVersionBlock(trx: Db, count: number): Promise<number> {
  if (batches.has(trx)) throw new Error('reserveVersionBlock inside a push batch');
  const [row] = (await bumpVersionBy(trx, [count])) as { version: number | string }[];
  if (!row) throw new Error('sync_state fehlt');
  return Number(row.version) - count;
}

/** Records a deletion so that devices remove the row on their next pull. */
export async function writeTombstone(trx: Db, entity: string, entityId: string, organizationId: number): Promise<void> {
  const version = await nextVersion(trx);
  await trx
    .insertInto('syncTombstones')
    .values({ entity, entityId, organizationId, version, deletedAt: nowIso() })
    .onConflict((oc) => oc.columns(['entity', 'entityId']).doUpdateSet({ version, deletedAt: nowIso() }))
    .execute();
}
