import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Two security e-mails (docs/security.md, "Key rotation"): the owner hears of every new
 * organisation key, and every account holder of a password set by a platform admin. Seeded like
 * the templates of 2026-11-21_006_admin.ts; admins edit them in the e-mail tab.
 */
const signature = 'Ihr SaniDok-Team';
const html = (...paragraphs: string[]) =>
  `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`;
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`;

const templates: { name: string; subject: string; paragraphs: string[]; variables: string[] }[] = [
  {
    name: 'organization_key_rotated',
    subject: 'Neuer Organisationsschlüssel für „{{organizationName}}“',
    paragraphs: [
      'Hallo {{userName}},',
      'für die Organisation „{{organizationName}}“ gilt seit {{timestamp}} ein neuer Organisationsschlüssel (Fingerabdruck {{keyFingerprint}}). Geändert von: {{changedBy}}, IP-Adresse: {{ipAddress}}.',
      'Ab jetzt werden Patientendaten bei der Entlassung mit diesem Schlüssel versiegelt. Wenn Sie den Schlüssel nicht selbst erneuert haben, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Betreiber der Plattform.',
    ],
    variables: ['userName', 'organizationName', 'timestamp', 'keyFingerprint', 'changedBy', 'ipAddress'],
  },
  {
    name: 'password_reset_by_admin',
    subject: 'Ihr SaniDok-Passwort wurde zurückgesetzt',
    paragraphs: [
      'Hallo {{userName}},',
      'ein Administrator der Plattform ({{adminName}}) hat am {{timestamp}} ein neues Passwort für Ihr Konto festgelegt. Alle Ihre Sitzungen wurden beendet.',
      'Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an den Betreiber der Plattform.',
    ],
    variables: ['userName', 'adminName', 'timestamp'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  for (const template of templates) {
    await db
      .insertInto('email_templates' as never)
      .values({
        name: template.name,
        subject: template.subject,
        html_body: html(...template.paragraphs),
        text_body: text(...template.paragraphs),
        variables: JSON.stringify(template.variables),
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name in (${sql.join(templates.map((t) => t.name))})`.execute(db);
}
