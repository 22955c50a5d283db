import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * The record history travels to the team's devices through the pull (docs/decisions.md "The
 * record history travels sealed to the device"): like every synced table, record_revisions gets a
 * `version` of the global change counter, one per row, indexed with the organisation. Rows written
 * before get fresh versions above the counter, so every device pulls them once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('record_revisions').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update record_revisions set version = (select version from sync_state where id = 1) + id`.execute(db);
  await sql`update sync_state set version = version + coalesce((select max(id) from record_revisions), 0) where id = 1`.execute(db);
  await db.schema.createIndex('record_revisions_organization_version').on('record_revisions').columns(['organization_id', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('record_revisions_organization_version').execute();
  await db.schema.alterTable('record_revisions').dropColumn('version').execute();
}
