import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * The owner's device lock time: the longest inactivity, in minutes, before a
 * member's device locks. Existing organisations keep the default of 5 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('lock_after_minutes', 'integer', (c) => c.notNull().defaultTo(5)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('lock_after_minutes').execute();
}
