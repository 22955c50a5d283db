import type { Db } from '../db/connection';

/**
 * Runs `work` in a transaction, or inside the caller's: a sync push runs many commands in one
 * batch transaction, a REST call runs one command in its own. Same command code either way.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
