import { decryptAtRest } from '@sanidok/crypto';
import { emailMessages, isProtectiveTemplate } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { EmailConfigurationRow } from '../../db/database';
import { nowIso } from '../time';
import { outboxVariables } from './outbox';
import { renderOutgoingMail } from './protective';
import type { Mailer, SmtpSettings } from './transport';
import { openMailer, smtpFailureReason } from './transport';

/** Context the SMTP password is bound to: the envelope does not decrypt in another row. */
export const passwordContext = (configurationId: number) => `email_configurations.password:${configurationId}`;

export async function smtpSettings(row: EmailConfigurationRow, dataKey: string): Promise<SmtpSettings> {
  return {
    host: row.host,
    port: row.port,
    useTLS: row.useTls === 1,
    username: row.username || null,
    password: row.passwordEnc ? await decryptAtRest(dataKey, row.passwordEnc, passwordContext(row.id)) : null,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
  };
}

export interface EmailLogEntry {
  toEmail: string;
  fromEmail: string | null;
  subject: string;
  templateId: number | null;
  templateName: string | null;
  error: string | null;
}

/** Every send ends here, as 'sent' or 'error' (docs/spec/accounts.md §3 email_logs). */
export async function logEmail(db: Db, entry: EmailLogEntry): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('emailLogs')
    .values({
      toEmail: entry.toEmail,
      fromEmail: entry.fromEmail,
      subject: entry.subject,
      templateId: entry.templateId,
      templateName: entry.templateName,
      status: entry.error === null ? 'sent' : 'error',
      errorMessage: entry.error,
      sentAt: entry.error === null ? now : null,
      createdAt: now,
    })
    .execute();
}

export async function activeConfiguration(db: Db): Promise<EmailConfigurationRow | undefined> {
  return db.selectFrom('emailConfigurations').selectAll().where('isActive', '=', 1).executeTakeFirst();
}

/**
 * Sends what the outbox holds, with the active configuration. Rows are taken out before sending
 * (at most once: a crash mid-send loses that mail rather than sending it twice). Without an active
 * configuration each mail is logged as an error; the actions that queued them are long done.
 */
export async function deliverQueuedMails(db: Db, dataKey: string, batchSize = 50): Promise<number> {
  let delivered = 0;
  for (;;) {
    const queued = await db.selectFrom('emailOutbox').select('id').orderBy('id').limit(batchSize).execute();
    if (queued.length === 0) return delivered;
    // Claimed by deleting: with several server processes (PostgreSQL) two may read the same rows,
    // but only the one whose delete removed a row sends it.
    const claimed = await db.deleteFrom('emailOutbox').where('id', 'in', queued.map((r) => r.id)).returningAll().execute();
    const rows = claimed.sort((a, b) => a.id - b.id);
    if (rows.length === 0) continue;

    const configuration = await activeConfiguration(db);
    let settings: SmtpSettings | undefined;
    let setupError: string | null = configuration ? null : emailMessages.noActiveConfiguration;
    if (configuration) {
      try {
        settings = await smtpSettings(configuration, dataKey);
      } catch {
        setupError = 'Das gespeicherte SMTP-Passwort lässt sich nicht entschlüsseln. Bitte geben Sie es in der Konfiguration neu ein.';
      }
    }
    const names = [...new Set(rows.map((r) => r.templateName))];
    const templates = await db.selectFrom('emailTemplates').selectAll().where('name', 'in', names).execute();
    let mailer: Mailer | undefined;
    try {
      for (const row of rows) {
        const template = templates.find((t) => t.name === row.templateName);
        // A deactivated template switches that e-mail off: deliberately not sent, nothing to log —
        // except the protective mails, which always go out with their facts (./protective.ts).
        if (template?.isActive === 0 && !isProtectiveTemplate(row.templateName)) continue;
        const variables = await outboxVariables(row.variables, dataKey);
        const mail = renderOutgoingMail(row.templateName, template, variables);
        const base = {
          toEmail: row.toEmail,
          fromEmail: configuration?.fromEmail ?? null,
          subject: mail?.subject ?? row.templateName,
          templateId: template?.id ?? null,
          templateName: row.templateName,
        };
        if (!mail) {
          await logEmail(db, { ...base, error: `Keine E-Mail-Vorlage „${row.templateName}“ vorhanden. Die E-Mail wurde nicht versendet.` });
          continue;
        }
        if (!settings) {
          await logEmail(db, { ...base, error: setupError });
          continue;
        }
        mailer ??= openMailer(settings);
        try {
          await mailer.send({ to: row.toEmail, ...mail });
          await logEmail(db, { ...base, error: null });
          delivered += 1;
        } catch (error) {
          await logEmail(db, { ...base, error: emailMessages.sendFailed(smtpFailureReason(error)) });
        }
      }
    } finally {
      mailer?.close();
    }
  }
}
