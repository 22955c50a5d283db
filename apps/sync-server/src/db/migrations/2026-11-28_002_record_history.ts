import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Every change kept (docs/decisions.md "Every change kept (§ 630f BGB)"):
 * - record_revisions: one row per changed field of a protocol, its patient data and discharge, and
 *   per "irrtümlich" mark; values encrypted at rest with the server data key until discharge seals
 *   them (domain/recordHistory/). `sequence` is the server's version of the write: the order.
 * - entered_in_error_* on vital signs, treatment entries and minor treatments: a wrong entry is
 *   marked with a reason and stays (never deleted while the record is open).
 * - sealed_record_histories: the history of a discharged protocol, sealed to the organisation key.
 */
const markedTables = ['vital_sign_records', 'treatment_entries', 'minor_treatments'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('protocol_id', 'text', (c) => c.references('patient_protocols.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('record_revisions_protocol').on('record_revisions').columns(['protocol_id', 'sequence']).execute();
  await db.schema.createIndex('record_revisions_entity').on('record_revisions').columns(['entity_id', 'sequence']).execute();

  for (const table of markedTables) {
    await db.schema.alterTable(table).addColumn('entered_in_error_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('entered_in_error_reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('entered_in_error_by_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  }

  await db.schema
    .createTable('sealed_record_histories')
    .addColumn('protocol_id', 'text', (c) => c.primaryKey().references('patient_protocols.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('sealed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sealed_record_histories').execute();
  for (const table of markedTables) {
    await db.schema.alterTable(table).dropColumn('entered_in_error_by_id').execute();
    await db.schema.alterTable(table).dropColumn('entered_in_error_reason').execute();
    await db.schema.alterTable(table).dropColumn('entered_in_error_at').execute();
  }
  await db.schema.dropTable('record_revisions').execute();
}
