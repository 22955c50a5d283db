import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** Password reset by e-mail: the token digests and the mail that carries the link. */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'für Ihr SaniDok-Konto wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest: <a href="{{resetUrl}}">{{resetUrl}}</a>',
  'Der Link gilt bis {{expiresAt}} und nur einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
];
const textParagraphs = [
  'Hallo {{userName}},',
  'für Ihr SaniDok-Konto wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest:\n{{resetUrl}}',
  paragraphs[2] ?? '',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_digest', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'purpose']).execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'password_reset',
      subject: 'SaniDok: Passwort zurücksetzen',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${textParagraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'resetUrl', 'expiresAt']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'password_reset'`.execute(db);
  await db.schema.dropTable('account_tokens').execute();
}
