import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * MANV mode (docs/manv.md): incidents of a service, their patients (one row per triage
 * tag) and the append-only triage events. Synced like the other tables: pulls probe
 * (organization_id, version). Tag numbers are NOT unique per incident on purpose: two tablets may
 * register the same number offline, and both rows are kept until someone resolves the conflict.
 * Person data (name, sex, estimated age, short diagnosis) is one AES-256-GCM envelope with the
 * server data key, like protocol patient data. Plain schema builder, no dialect-specific SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('manv_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('blue_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('manv_incidents_org_version').on('manv_incidents').columns(['organization_id', 'version']).execute();
  await db.schema.createIndex('manv_incidents_service').on('manv_incidents').columns(['service_id']).execute();

  await db.schema
    .createTable('manv_patients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('manv_incidents.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('tag_number', 'text', (c) => c.notNull())
    .addColumn('treatment_area', 'text')
    // JSON {name, sex, estimatedAge, diagnosis} encrypted at rest; null once erased (archiving).
    .addColumn('person_enc', 'text')
    .addColumn('duplicate_of', 'text')
    .addColumn('protocol_id', 'text')
    .addColumn('transport_json', 'text')
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('manv_patients_org_version').on('manv_patients').columns(['organization_id', 'version']).execute();
  await db.schema.createIndex('manv_patients_incident_tag').on('manv_patients').columns(['incident_id', 'tag_number']).execute();
  await db.schema.createIndex('manv_patients_service').on('manv_patients').columns(['service_id']).execute();

  await db.schema
    .createTable('manv_triages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('manv_patients.id').onDelete('cascade'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('manv_incidents.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('qualification', 'text', (c) => c.notNull())
    .addColumn('triaged_at', 'text', (c) => c.notNull())
    .addColumn('triaged_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('manv_triages_org_version').on('manv_triages').columns(['organization_id', 'version']).execute();
  await db.schema.createIndex('manv_triages_patient').on('manv_triages').columns(['patient_id']).execute();
  await db.schema.createIndex('manv_triages_service').on('manv_triages').columns(['service_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('manv_triages').execute();
  await db.schema.dropTable('manv_patients').execute();
  await db.schema.dropTable('manv_incidents').execute();
}
