import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Symptoms and the incident time of a protocol: the archive result shows them
 * (docs/spec/accounts.md §3), so the protocol captures them. Clinical fields without identity, like
 * chief complaint: plain columns, edited field by field (field_versions). The incident time is an
 * ISO instant (UTC, '…Z'). The emergency contact is patient data and needs no column: it lives in
 * the encrypted protocol_patient_data JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema.alterTable('patient_protocols').addColumn('symptoms', 'text').execute();
  await db.schema.alterTable('patient_protocols').addColumn('incident_time', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_protocols').dropColumn('incident_time').execute();
  await db.schema.alterTable('patient_protocols').dropColumn('symptoms').execute();
}
