import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Limits shared by every server process on one database (docs/deployment.md): requests
 * per client address and window (@fastify/rate-limit's store, plugins/databaseRateLimitStore.ts),
 * and failed attempts per key (domain/accounts/databaseAttemptLimiter.ts). Times in epoch
 * milliseconds, as the limiters count. Used with PostgreSQL; one SQLite process keeps its limits in
 * memory and leaves these tables empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('attempt_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_ms', 'integer', (c) => c.notNull())
    .addColumn('locked_until_ms', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_limits').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
}
