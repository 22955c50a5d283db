import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Sessions learn the device they belong to (the device id a device pulls with), and a device can
 * be reported lost: its sessions end, and a session it opens later ends at its first contact
 * (domain/sessions/devices.ts, docs/decisions.md "Session limits").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device_id', 'text').execute();
  await db.schema.createIndex('sessions_device_id').on('sessions').column('device_id').execute();
  await db.schema
    .createTable('lost_devices')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lost_devices').execute();
  await db.schema.dropIndex('sessions_device_id').execute();
  await db.schema.alterTable('sessions').dropColumn('device_id').execute();
}
