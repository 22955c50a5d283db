import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Open board streams across server processes on one PostgreSQL database: one row per stream, renewed
 * by its process while it runs, so the limits per user, organisation and address hold for all
 * processes together (plugins/streamLeases.ts). Unused with SQLite (one process counts in memory).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('board_stream_leases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    // A process that dies leaves its rows; they stop counting at this time (ISO text).
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('board_stream_leases_process').on('board_stream_leases').column('process_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_stream_leases').execute();
}
