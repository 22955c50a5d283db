import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** German default templates (docs/spec/accounts.md §9), seeded once; admins edit them in the e-mail tab. */
const signature = 'Ihr SaniDok-Team';
const html = (...paragraphs: string[]) =>
  `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`;
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`;

const defaultTemplates: { name: string; subject: string; paragraphs: string[]; variables: string[] }[] = [
  {
    name: 'account_created',
    subject: 'Willkommen bei SaniDok, {{userName}}',
    paragraphs: [
      'Hallo {{userName}},',
      'Ihr Konto bei SaniDok wurde erstellt. Ihr Benutzername lautet {{username}}.',
      'Treten Sie einer Organisation bei oder erstellen Sie eine eigene, um Sanitätsdienste zu planen und zu dokumentieren.',
    ],
    variables: ['userName', 'username'],
  },
  {
    name: 'account_blocked',
    subject: 'Ihr SaniDok-Konto wurde gesperrt',
    paragraphs: [
      'Hallo {{userName}},',
      'Ihr Konto bei SaniDok wurde von der Plattform-Administration gesperrt. Eine Anmeldung ist nicht mehr möglich.',
      'Grund: {{reason}}',
      'Bei Fragen wenden Sie sich bitte an die Administration.',
    ],
    variables: ['userName', 'reason'],
  },
  {
    name: 'organization_blocked',
    subject: 'Organisation „{{organizationName}}“ wurde gesperrt',
    paragraphs: [
      'Hallo {{userName}},',
      'die Organisation „{{organizationName}}“ wurde von der Plattform-Administration gesperrt. Neue Sanitätsdienste, Materialien und Einladungen sind nicht mehr möglich; vorhandene Daten bleiben lesbar.',
      'Grund: {{reason}}',
    ],
    variables: ['userName', 'organizationName', 'reason'],
  },
  {
    name: 'service_blocked',
    subject: 'Sanitätsdienst „{{serviceName}}“ wurde gesperrt',
    paragraphs: [
      'Hallo {{userName}},',
      'der Sanitätsdienst „{{serviceName}}“ der Organisation „{{organizationName}}“ wurde von der Plattform-Administration gesperrt. Er kann nur noch gelesen werden.',
      'Grund: {{reason}}',
    ],
    variables: ['userName', 'organizationName', 'serviceName', 'reason'],
  },
  {
    name: 'organization_invitation',
    subject: 'Einladung in die Organisation „{{organizationName}}“',
    paragraphs: [
      'Hallo {{userName}},',
      '{{inviterName}} hat Sie als {{role}} in die Organisation „{{organizationName}}“ eingeladen.',
      'Melden Sie sich bei SaniDok an und nehmen Sie die Einladung unter „Organisation“ → „Einladungen“ an oder lehnen Sie sie ab.',
    ],
    variables: ['userName', 'organizationName', 'inviterName', 'role'],
  },
  {
    name: 'service_completed',
    subject: 'Sanitätsdienst „{{serviceName}}“ abgeschlossen',
    paragraphs: [
      'Hallo {{userName}},',
      'der Sanitätsdienst „{{serviceName}}“ der Organisation „{{organizationName}}“ wurde abgeschlossen.',
    ],
    variables: ['userName', 'organizationName', 'serviceName'],
  },
  {
    name: 'service_archived',
    subject: 'Sanitätsdienst „{{serviceName}}“ archiviert',
    paragraphs: [
      'Hallo {{userName}},',
      'der Sanitätsdienst „{{serviceName}}“ der Organisation „{{organizationName}}“ wurde archiviert. Die Patientenprotokolle sind verschlüsselt und nur noch im Patientenarchiv mit dem Organisationsschlüssel einsehbar.',
    ],
    variables: ['userName', 'organizationName', 'serviceName'],
  },
  {
    name: 'archive_access_alert',
    subject: 'Warnung: {{failureCount}} Fehlversuche am Patientenarchiv',
    paragraphs: [
      'Hallo {{userName}},',
      'am Patientenarchiv wurde {{failureCount}}-mal ein falscher Organisationsschlüssel eingegeben.',
      'Benutzer: {{username}}<br>Organisation: {{organizationName}}<br>Sanitätsdienst: {{serviceName}}<br>Zeitpunkt: {{timestamp}}<br>IP-Adresse: {{ipAddress}}',
      'Die Fehlversuche sind im Admin-Bereich unter „Archiv-Fehlversuche“ aufgeführt.',
    ],
    variables: ['userName', 'failureCount', 'username', 'organizationName', 'serviceName', 'timestamp', 'ipAddress'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The password is AES-256-GCM with the server data key (packages/crypto atRest), never plaintext.
  await db.schema
    .createTable('email_configurations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(587))
    // The form's useTLS: implicit TLS on port 465, required STARTTLS otherwise.
    .addColumn('use_tls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text')
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Only one active configuration, held by the database itself.
  await sql`create unique index email_configurations_one_active on email_configurations (is_active) where is_active = 1`.execute(db);

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_body', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of placeholder names.
    .addColumn('variables', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_logs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.references('email_templates.id').onDelete('set null'))
    .addColumn('template_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'error')`))
    .addColumn('error_message', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_logs_created').on('email_logs').column('created_at').execute();

  // Mails wait here until their action has committed; the mailer sends them right after.
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // docs/spec/accounts.md §3 "Archive access failure", names copied so the entry outlives a deletion.
  await db.schema
    .createTable('archive_access_failures')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('user_email', 'text')
    .addColumn('organization_name', 'text')
    .addColumn('service_name', 'text')
    .addColumn('service_location', 'text')
    .addColumn('service_start_date', 'text')
    .addColumn('service_end_date', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('archive_access_failures_time').on('archive_access_failures').column('timestamp').execute();
  await db.schema.createIndex('archive_access_failures_service').on('archive_access_failures').columns(['service_id', 'user_id']).execute();

  // Who did what, when, in the admin area (and who tried without being an admin).
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('details', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_log_created').on('admin_audit_log').column('created_at').execute();

  const now = new Date().toISOString();
  for (const template of defaultTemplates) {
    await db
      .insertInto('email_templates' as never)
      .values({
        name: template.name,
        subject: template.subject,
        html_body: html(...template.paragraphs),
        text_body: text(...template.paragraphs.map((p) => p.replaceAll('<br>', '\n'))),
        variables: JSON.stringify(template.variables),
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['admin_audit_log', 'archive_access_failures', 'email_outbox', 'email_logs', 'email_templates', 'email_configurations']) {
    await db.schema.dropTable(table).execute();
  }
}
