import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Recovery of a lost organisation key (domain/archive/keyRecovery.ts): the
 * request waits 72 hours, visible to every member and cancellable by owner and admins; after it
 * the key is unconfirmed until the owner confirms it. The mail tells owner and admins at once.
 */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'für die Organisation „{{organizationName}}“ wurde am {{timestamp}} die Wiederherstellung des Organisationsschlüssels angefordert (von {{requestedBy}}, IP-Adresse {{ipAddress}}). Der neue Schlüssel (Fingerabdruck {{keyFingerprint}}) gilt ab {{effectiveAt}}.',
  'Ab dann werden Patientendaten bei der Entlassung mit dem neuen Schlüssel versiegelt. Wenn die Wiederherstellung nicht mit Ihnen abgesprochen ist, brechen Sie sie vorher in SaniDok unter „Organisationen“ ab und wenden Sie sich an den Betreiber der Plattform.',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_key_recoveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sealing_public_key', 'text', (c) => c.notNull())
    .addColumn('signing_public_key', 'text', (c) => c.notNull())
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'text', (c) => c.notNull())
    .addColumn('closed_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('organization_key_recoveries_open').on('organization_key_recoveries').columns(['status', 'organization_id']).execute();
  await db.schema.alterTable('organizations').addColumn('key_unconfirmed_since', 'text').execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'organization_key_recovery_requested',
      subject: 'Wiederherstellung des Organisationsschlüssels für „{{organizationName}}“ angefordert',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'organizationName', 'timestamp', 'requestedBy', 'ipAddress', 'keyFingerprint', 'effectiveAt']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'organization_key_recovery_requested'`.execute(db);
  await db.schema.alterTable('organizations').dropColumn('key_unconfirmed_since').execute();
  await db.schema.dropTable('organization_key_recoveries').execute();
}
