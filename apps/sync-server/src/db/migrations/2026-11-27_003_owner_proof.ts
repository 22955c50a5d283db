import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * No admin path to sealed data (docs/decisions.md "Proofs a platform admin cannot forge"):
 * - users.key_proof_required_since: set by every password reset (a platform admin's, or one by
 *   mailed link — the admin runs the mail server); until the holder proves a second factor set up
 *   before it, or the organisation key, no key recovery and no removal of the last admin.
 * - organization_key_recoveries.proof / approved_by_id / approved_at: how a recovery was vouched
 *   for (the owner's second factor, or an organisation admin's approval); one without is never applied.
 * - organization_key_challenges: the single-use nonce every rotation and recovery message carries.
 * - the 'email_changed' mail to the old address.
 */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'die E-Mail-Adresse Ihres SaniDok-Kontos „{{username}}“ wurde am {{timestamp}} von dieser Adresse auf {{newEmail}} geändert (IP-Adresse {{ipAddress}}).',
  'Wenn Sie das nicht selbst waren, melden Sie sich sofort an, ändern Sie Ihr Passwort und wenden Sie sich an die Administratoren Ihrer Organisation.',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('key_proof_required_since', 'text').execute();
  await db.schema.alterTable('organization_key_recoveries').addColumn('proof', 'text').execute();
  await db.schema.alterTable('organization_key_recoveries').addColumn('approved_by_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('organization_key_recoveries').addColumn('approved_at', 'text').execute();
  await db.schema
    .createTable('organization_key_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organization_key_challenges_user').on('organization_key_challenges').columns(['user_id', 'organization_id']).execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'email_changed',
      subject: 'Die E-Mail-Adresse Ihres SaniDok-Kontos wurde geändert',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'username', 'timestamp', 'newEmail', 'ipAddress']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'email_changed'`.execute(db);
  await db.schema.dropTable('organization_key_challenges').execute();
  await db.schema.alterTable('organization_key_recoveries').dropColumn('approved_at').execute();
  await db.schema.alterTable('organization_key_recoveries').dropColumn('approved_by_id').execute();
  await db.schema.alterTable('organization_key_recoveries').dropColumn('proof').execute();
  await db.schema.alterTable('users').dropColumn('key_proof_required_since').execute();
}
