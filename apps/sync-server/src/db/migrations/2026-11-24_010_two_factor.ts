import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Two-factor sign-in with TOTP (domain/accounts/twoFactor.ts): the secret
 * encrypted under DATA_KEY, a pending secret while the set-up waits for its first code, the last
 * time step used (a code works once), and the recovery codes as SHA-256 digests.
 */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'für Ihr SaniDok-Konto wurde am {{timestamp}} die Zwei-Faktor-Anmeldung geändert: {{change}}. IP-Adresse: {{ipAddress}}.',
  'Wenn Sie das nicht selbst waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Betreiber der Plattform.',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_digest', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'two_factor_changed',
      subject: 'SaniDok: Zwei-Faktor-Anmeldung geändert',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'timestamp', 'change', 'ipAddress']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'two_factor_changed'`.execute(db);
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_secret', 'totp_secret']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
