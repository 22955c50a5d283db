import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * A device reported lost pushes its outbox once more before it wipes itself: the sessions it held
 * at the report become grants that admit that device's push and nothing else
 * (domain/sessions/deviceWipe.ts, docs/decisions.md "A lost device pushes, then wipes itself").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_wipe_grants')
    // The ended session's stored id (SHA-256 of its cookie token): the cookie on the device finds it.
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('first_used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_wipe_grants').execute();
}
