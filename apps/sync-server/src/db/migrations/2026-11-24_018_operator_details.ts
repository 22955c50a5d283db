import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * The operator of the installation for Impressum and Datenschutz
 * (domain/settings/operatorDetails.ts). One row at most (id 1); no row means "not entered yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_details')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('representative', 'text', (c) => c.notNull())
    .addColumn('register_details', 'text', (c) => c.notNull())
    .addColumn('data_protection_officer', 'text', (c) => c.notNull())
    .addColumn('supervisory_authority', 'text', (c) => c.notNull())
    .addColumn('processors', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_details').execute();
}
