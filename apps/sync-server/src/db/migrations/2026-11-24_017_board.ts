import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * The command-post board:
 * - `devices.pending_count`: the outbox rows a device reported with its last push or pull (null:
 *   an app too old to report it), shown per team member with `last_seen_at`;
 * - `service_diary_entries`: manual entries of a service's diary (Einsatztagebuch), written
 *   offline through the outbox (sync mutation diaryEntry.create) and pulled like every synced
 *   table: index on (organization_id, version).
 * Plain schema builder, no dialect-specific SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('pending_count', 'integer').execute();
  await db.schema
    .createTable('service_diary_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_diary_entries_org_version').on('service_diary_entries').columns(['organization_id', 'version']).execute();
  await db.schema.createIndex('service_diary_entries_service').on('service_diary_entries').columns(['service_id', 'occurred_at']).execute();
  // The board's team panel reads a member's devices by user.
  await db.schema.createIndex('devices_user_seen').on('devices').columns(['user_id', 'last_seen_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('devices_user_seen').execute();
  await db.schema.dropTable('service_diary_entries').execute();
  await db.schema.alterTable('devices').dropColumn('pending_count').execute();
}
