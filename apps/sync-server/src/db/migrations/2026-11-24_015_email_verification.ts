import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** Optional e-mail verification (domain/accounts/emailVerification.ts). */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'bitte bestätigen Sie, dass diese Adresse zu Ihrem SaniDok-Konto gehört: <a href="{{verifyUrl}}">{{verifyUrl}}</a>',
  'Der Link gilt bis {{expiresAt}} und nur einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
];
const textParagraphs = [
  'Hallo {{userName}},',
  'bitte bestätigen Sie, dass diese Adresse zu Ihrem SaniDok-Konto gehört:\n{{verifyUrl}}',
  paragraphs[2] ?? '',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'email_verification',
      subject: 'SaniDok: E-Mail-Adresse bestätigen',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${textParagraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'verifyUrl', 'expiresAt']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'email_verification'`.execute(db);
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
