import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('full_name', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('setting_key', 'text', (c) => c.notNull().unique())
    .addColumn('setting_value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('beta_invite_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_uses >= 1`))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used_count >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text')
    .execute();

  await db.schema
    .createTable('beta_code_usage')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('beta_invite_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('beta_code_usage_code_id').on('beta_code_usage').column('code_id').execute();

  await db
    .insertInto('system_settings' as never)
    .values({
      setting_key: 'beta_mode_enabled',
      setting_value: 'false',
      description: 'Registrierung nur mit Beta-Code',
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['beta_code_usage', 'beta_invite_codes', 'system_settings', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
