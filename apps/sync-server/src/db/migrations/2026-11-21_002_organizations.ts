import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Public keys only: the organisation secret never reaches the server.
    .addColumn('sealing_public_key', 'text', (c) => c.notNull())
    .addColumn('signing_public_key', 'text', (c) => c.notNull())
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('organization_members_user_org', ['user_id', 'organization_id'])
    .execute();
  await db.schema.createIndex('organization_members_org').on('organization_members').column('organization_id').execute();

  await db.schema
    .createTable('organization_invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('invited_username', 'text', (c) => c.notNull())
    .addColumn('invited_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('admin', 'member')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'declined')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    .execute();
  // One pending invitation per user and organisation, enforced by the database itself.
  await sql`create unique index organization_invitations_one_pending
    on organization_invitations (organization_id, invited_user_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('organization_invitations_user').on('organization_invitations').column('invited_user_id').execute();

  await db.schema
    .createTable('materials')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Removing from the catalogue keeps the row: consumption history keeps pointing at it.
    .addColumn('deleted_at', 'text')
    .execute();
  await sql`create unique index materials_unique_name
    on materials (organization_id, name_key) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('access_logs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('patient_protocol_id', 'text')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('service_id', 'text')
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text')
    .addColumn('user_email', 'text')
    .execute();
  await db.schema.createIndex('access_logs_org_time').on('access_logs').columns(['organization_id', 'timestamp']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['access_logs', 'materials', 'organization_invitations', 'organization_members', 'organizations']) {
    await db.schema.dropTable(table).execute();
  }
}
