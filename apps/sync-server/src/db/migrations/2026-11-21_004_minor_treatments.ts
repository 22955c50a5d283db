import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('minor_treatments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // AES-256-GCM with the server data key (packages/crypto atRest), never plaintext.
    .addColumn('patient_name_enc', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('treated_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('minor_treatments_service').on('minor_treatments').columns(['service_id', 'created_at']).execute();
  await db.schema.createIndex('minor_treatments_org_version').on('minor_treatments').columns(['organization_id', 'version']).execute();

  // Consumption history: rows are never deleted; 'Aufgefüllt' and 'Liste leeren' set refilled_at.
  await db.schema
    .createTable('material_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('minor_treatment', 'patient_protocol', 'manual')`))
    .addColumn('source_id', 'text')
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addColumn('refilled_at', 'text')
    .addColumn('recorded_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_usage_service').on('material_usage').columns(['service_id', 'material_id']).execute();
  await db.schema.createIndex('material_usage_source').on('material_usage').columns(['source_id']).execute();
  await db.schema.createIndex('material_usage_org_version').on('material_usage').columns(['organization_id', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('material_usage').execute();
  await db.schema.dropTable('minor_treatments').execute();
}
