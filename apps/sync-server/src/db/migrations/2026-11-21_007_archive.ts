import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Patient data of discharged protocols, sealed to the organisation key (HPKE envelope, JSON).
  // The server cannot open these rows; the server-key copy in protocol_patient_data is deleted
  // in the same transaction (docs/security.md, "Sealing at discharge").
  await db.schema
    .createTable('sealed_patient_data')
    .addColumn('protocol_id', 'text', (c) => c.primaryKey().references('patient_protocols.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('sealed_by', 'text', (c) => c.notNull().check(sql`sealed_by in ('server', 'device')`))
    .addColumn('sealed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sealed_patient_data_service').on('sealed_patient_data').columns(['organization_id', 'service_id']).execute();

  // Earlier organisation keys after a rotation: records sealed to them stay sealed to them, and
  // the archive proof for those records is checked against the signing key of their time.
  await db.schema
    .createTable('organization_retired_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .addColumn('sealing_public_key', 'text', (c) => c.notNull())
    .addColumn('signing_public_key', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .addColumn('retired_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('organization_retired_keys_fingerprint', ['organization_id', 'key_fingerprint'])
    .execute();

  // One challenge, one proof: deleted when a proof is tried; valid 5 minutes.
  await db.schema
    .createTable('archive_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archive_challenges_expires').on('archive_challenges').column('expires_at').execute();

  // Consecutive wrong proofs per user and organisation (one key per organisation), see
  // docs/decisions.md "Patient archive" for when the count resets.
  await db.schema
    .createTable('archive_failure_counters')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failure_count', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('archive_failure_counters_pk', ['organization_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['archive_failure_counters', 'archive_challenges', 'organization_retired_keys', 'sealed_patient_data']) {
    await db.schema.dropTable(table).execute();
  }
}
