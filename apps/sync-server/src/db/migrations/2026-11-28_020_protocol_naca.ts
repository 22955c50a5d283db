import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * NACA score and diagnosis group of a protocol (packages/schema mindCodes.ts, docs/mind.md):
 * clinical fields like the chief complaint, edited field by field, withheld off the team and
 * sealed at discharge with the rest of the clinical part. Text codes ('0'–'7', group keys); the
 * shared schema checks them, so the column needs no constraint that would differ per database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema.alterTable('patient_protocols').addColumn('naca', 'text').execute();
  await db.schema.alterTable('patient_protocols').addColumn('diagnosis_group', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_protocols').dropColumn('diagnosis_group').execute();
  await db.schema.alterTable('patient_protocols').dropColumn('naca').execute();
}
