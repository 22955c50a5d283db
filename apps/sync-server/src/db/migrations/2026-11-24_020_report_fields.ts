import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * What the event report and the statistics count by: how a protocol's care ended (packages/schema
 * `dischargeOutcomes`; null for protocols discharged before the field) and a material's unit price
 * in euro cents (null: no price known, the statistics leave it out of the cost and say so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_protocols').addColumn('discharge_outcome', 'text').execute();
  await db.schema.alterTable('materials').addColumn('unit_price_cents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('materials').dropColumn('unit_price_cents').execute();
  await db.schema.alterTable('patient_protocols').dropColumn('discharge_outcome').execute();
}
