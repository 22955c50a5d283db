import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One global counter; every synced write takes the next value (docs/sync-protocol.md).
  await db.schema.createTable('sync_state').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('version', 'integer', (c) => c.notNull()).execute();
  await sql`insert into sync_state (id, version) values (1, 0)`.execute(db);

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_quarantine')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mutation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_tombstones')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_tombstones_pk', ['entity', 'entity_id'])
    .execute();
  await db.schema.createIndex('sync_tombstones_org_version').on('sync_tombstones').columns(['organization_id', 'version']).execute();

  await db.schema
    .createTable('field_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('replaced_value', 'text')
    .addColumn('replaced_version', 'integer', (c) => c.notNull())
    .addColumn('new_value', 'text')
    .addColumn('new_version', 'integer', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('field_revisions_entity').on('field_revisions').columns(['entity', 'entity_id']).execute();

  // Through the schema builder, so that PostgreSQL gets its integer type from db/dialect.ts.
  await db.schema.alterTable('materials').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('materials_org_version').on('materials').columns(['organization_id', 'version']).execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'ended', 'archived', 'completed')`))
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_code', 'text')
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // Version of each field's last write: field-wise conflict detection.
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('services_org_version').on('services').columns(['organization_id', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['services', 'field_revisions', 'sync_tombstones', 'sync_quarantine', 'devices', 'sync_state']) {
    await db.schema.dropTable(table).execute();
  }
}
