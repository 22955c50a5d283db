import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Archive alerts that arrive: the platform admins' in-app inbox, and the mail
 * that tells the organisation's owner of repeated wrong keys at its archive.
 */
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Hallo {{userName}},',
  'am Patientenarchiv Ihrer Organisation „{{organizationName}}“ wurde {{failureCount}}-mal ein falscher Organisationsschlüssel eingegeben.',
  'Konto: {{username}}<br>Sanitätsdienst: {{serviceName}}<br>Zeitpunkt: {{timestamp}}<br>IP-Adresse: {{ipAddress}}',
  'Die Versuche stehen in den Zugriffsprotokollen Ihrer Organisation. Wenn Sie das nicht selbst waren, ändern Sie sofort Ihr Passwort; die Administratoren der Plattform sind informiert.',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_alerts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('read_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('admin_alerts_created').on('admin_alerts').column('created_at').execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'archive_access_alert_owner',
      subject: 'Warnung: {{failureCount}} Fehlversuche am Patientenarchiv von „{{organizationName}}“',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${paragraphs.map((p) => p.replaceAll('<br>', '\n')).join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['userName', 'organizationName', 'failureCount', 'username', 'serviceName', 'timestamp', 'ipAddress']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_templates where name = 'archive_access_alert_owner'`.execute(db);
  await db.schema.dropTable('admin_alerts').execute();
}
