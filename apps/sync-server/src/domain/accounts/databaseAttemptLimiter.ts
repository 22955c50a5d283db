import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';
import type { AttemptEntry, AttemptLimiter, AttemptPolicy } from './attemptLimiter';
import { afterFailure, attemptWait, defaultAttemptPolicy } from './attemptLimiter';

/**
 * The attempt limiter in the database (table attempt_limits), for several server processes on one
 * PostgreSQL database: a failure counted by one process locks the key for all. Same policy and
 * rule as the memory limiter (./attemptLimiter.ts `afterFailure`). Always on `db` itself, never
 * on a caller's transaction: a failure is counted even when the request rolls back. A key's row is
 * locked while it is counted, so two processes' failures both count.
 */
export class DatabaseAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly policy: AttemptPolicy = defaultAttemptPolicy,
  ) {}

  async retryAfterSeconds(key: string, now = Date.now()): Promise<number> {
    const row = await this.db.selectFrom('attemptLimits').selectAll().where('key', '=', key).executeTakeFirst();
    return attemptWait(row && toEntry(row), now, this.policy);
  }

  async recordFailure(key: string, now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('attemptLimits').values({ key, failures: 0, lastFailureMs: now, lockedUntilMs: 0 }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const row = await trx.selectFrom('attemptLimits').selectAll().where('key', '=', key).$if(isPostgres(trx), (q) => q.forUpdate()).executeTakeFirstOrThrow();
      const next = afterFailure(row.failures === 0 ? undefined : toEntry(row), now, this.policy);
      await trx.updateTable('attemptLimits').set({ failures: next.failures, lastFailureMs: next.lastFailure, lockedUntilMs: next.lockedUntil }).where('key', '=', key).execute();
    });
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('attemptLimits').where('key', '=', key).execute();
  }
}

function toEntry(row: { failures: number; lastFailureMs: number; lockedUntilMs: number }): AttemptEntry {
  return { failures: row.failures, lastFailure: row.lastFailureMs, lockedUntil: row.lockedUntilMs };
}

/** Rows whose failures no longer count under any policy here (a day after the last failure or lock). */
export async function purgeAttemptLimits(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('attemptLimits').where('lastFailureMs', '<', now - 86_400_000).where('lockedUntilMs', '<', now - 86_400_000).executeTakeFirst();
  return Number(result.numDeletedRows);
}
