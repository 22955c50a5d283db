import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Clinical fields only: patient data lives in protocol_patient_data (docs/security.md).
  await db.schema
    .createTable('patient_protocols')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // Assigned by the server inside the creating transaction (max + 1 per service).
    .addColumn('service_protocol_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'transferred', 'discharged', 'cancelled')`))
    .addColumn('chief_complaint', 'text')
    .addColumn('initial_assessment', 'text')
    .addColumn('allergies', 'text')
    .addColumn('medications', 'text')
    .addColumn('past_history', 'text')
    .addColumn('handling_instructions', 'text')
    .addColumn('helper1', 'text')
    .addColumn('helper2', 'text')
    .addColumn('discharge_status', 'text', (c) => c.check(sql`discharge_status in ('stabil', 'instabil')`))
    .addColumn('discharge_destination', 'text')
    .addColumn('handover_to', 'text')
    .addColumn('discharge_comment', 'text')
    .addColumn('discharged_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('discharged_at', 'text')
    .addColumn('treated_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('patient_protocols_service_number', ['service_id', 'service_protocol_number'])
    .execute();
  await db.schema.createIndex('patient_protocols_org_version').on('patient_protocols').columns(['organization_id', 'version']).execute();

  // AES-256-GCM with the server data key, bound to the protocol id; never served once discharged.
  await db.schema
    .createTable('protocol_patient_data')
    .addColumn('protocol_id', 'text', (c) => c.primaryKey().references('patient_protocols.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('data_enc', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('protocol_patient_data_org_version').on('protocol_patient_data').columns(['organization_id', 'version']).execute();

  // Insert-only, like vitals: entries never conflict.
  await db.schema
    .createTable('treatment_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('protocol_id', 'text', (c) => c.notNull().references('patient_protocols.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('performer', 'text', (c) => c.notNull().check(sql`performer in ('helfer1', 'helfer2', 'laienhelfer', 'custom')`))
    .addColumn('performer_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('recorded_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('treatment_entries_protocol').on('treatment_entries').columns(['protocol_id', 'created_at']).execute();
  await db.schema.createIndex('treatment_entries_org_version').on('treatment_entries').columns(['organization_id', 'version']).execute();

  await db.schema
    .createTable('vital_sign_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('protocol_id', 'text', (c) => c.notNull().references('patient_protocols.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('recorded_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vital_sign_records_protocol').on('vital_sign_records').columns(['protocol_id', 'recorded_at']).execute();
  await db.schema.createIndex('vital_sign_records_org_version').on('vital_sign_records').columns(['organization_id', 'version']).execute();

  await db.schema
    .createTable('vital_sign_values')
    .addColumn('record_id', 'text', (c) => c.notNull().references('vital_sign_records.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('parameter_type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addPrimaryKeyConstraint('vital_sign_values_pk', ['record_id', 'position'])
    .execute();

  // A device's event id makes a resent access event count once.
  await sql`alter table access_logs add column event_id text`.execute(db);
  await sql`create unique index access_logs_event_id on access_logs (event_id) where event_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index access_logs_event_id`.execute(db);
  await sql`alter table access_logs drop column event_id`.execute(db);
  for (const table of ['vital_sign_values', 'vital_sign_records', 'treatment_entries', 'protocol_patient_data', 'patient_protocols']) {
    await db.schema.dropTable(table).execute();
  }
}
