import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Retention and deletion (docs/deletion.md):
 * - organizations.retention_years: how long a sealed record is kept after its close, the owner's
 *   setting, 10 years (§ 630f Abs. 3 BGB) unless longer.
 * - retention_deletions: what the daily job deleted, without patient data (service, dates, counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('retention_years', 'integer', (c) => c.notNull().defaultTo(10)).execute();
  await db.schema
    .createTable('retention_deletions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // No foreign key: the record outlives a later deletion of the service.
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('closed_from', 'text', (c) => c.notNull())
    .addColumn('closed_until', 'text', (c) => c.notNull())
    .addColumn('protocol_count', 'integer', (c) => c.notNull())
    .addColumn('minor_treatment_count', 'integer', (c) => c.notNull())
    .addColumn('retention_years', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retention_deletions_organization').on('retention_deletions').columns(['organization_id', 'deleted_at']).execute();
  // The job looks for closed protocols by discharge time.
  await db.schema.createIndex('patient_protocols_retention').on('patient_protocols').columns(['organization_id', 'status', 'discharged_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('patient_protocols_retention').execute();
  await db.schema.dropTable('retention_deletions').execute();
  await db.schema.alterTable('organizations').dropColumn('retention_years').execute();
}
