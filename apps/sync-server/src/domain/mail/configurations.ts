import { encryptAtRest } from '@sanidok/crypto';
import type { EmailConfigurationItem } from '@sanidok/schema';
import { emailConfigurationSchema, emailConfigurationUpdateSchema, emailConnectionTestSchema, emailMessages, idParam, sendTestEmailSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { EmailConfigurationRow } from '../../db/database';
import { recordAdminAction } from '../audit';
import type { CommandContext } from '../context';
import { AppError, notFound, validate } from '../errors';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { logEmail, passwordContext, smtpSettings } from './mailer';
import type { SmtpSettings } from './transport';
import { openMailer, smtpFailureReason, verifyConnection } from './transport';

/** SMTP configurations of the e-mail tab. The password is encrypted at rest and never answered. */

export function toConfigurationItem(row: EmailConfigurationRow): EmailConfigurationItem {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    useTLS: row.useTls === 1,
    username: row.username,
    hasPassword: row.passwordEnc !== null,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    isActive: row.isActive === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const mailFailed = (message: string) => new AppError(502, 'MAIL_FAILED', message);

export async function listEmailConfigurations(db: Db): Promise<EmailConfigurationItem[]> {
  const rows = await db.selectFrom('emailConfigurations').selectAll().orderBy('isActive', 'desc').orderBy('name').execute();
  return rows.map(toConfigurationItem);
}

async function findConfiguration(db: Db, id: unknown): Promise<EmailConfigurationRow> {
  const parsed = idParam.safeParse(id);
  const row = parsed.success ? await db.selectFrom('emailConfigurations').selectAll().where('id', '=', parsed.data).executeTakeFirst() : undefined;
  if (!row) throw notFound(emailMessages.configurationNotFound);
  return row;
}

/** Only one configuration is active (docs/spec/accounts.md §4); a partial unique index backs this up. */
async function deactivateOthers(trx: Db, keepId: number): Promise<void> {
  await trx.updateTable('emailConfigurations').set({ isActive: 0, updatedAt: nowIso() }).where('isActive', '=', 1).where('id', '!=', keepId).execute();
}

export async function createEmailConfiguration(ctx: CommandContext, input: unknown): Promise<EmailConfigurationItem> {
  const data = validate(emailConfigurationSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('emailConfigurations')
      .values({
        name: data.name, host: data.host, port: data.port, useTls: data.useTLS ? 1 : 0, username: data.username, passwordEnc: null,
        fromEmail: data.fromEmail, fromName: data.fromName, isActive: 0, createdAt: now, updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const passwordEnc = data.password ? await encryptAtRest(ctx.dataKey, data.password, passwordContext(id)) : null;
    if (data.isActive) await deactivateOthers(trx, id);
    const row = await trx
      .updateTable('emailConfigurations')
      .set({ passwordEnc, isActive: data.isActive ? 1 : 0 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, ctx, { action: 'email_configuration.create', targetType: 'email_configuration', targetId: id, targetName: data.name, details: { isActive: data.isActive } });
    return toConfigurationItem(row);
  });
}

/** Partial update; an empty password keeps the stored one. `isActive: true` makes it the active one. */
export async function updateEmailConfiguration(ctx: CommandContext, id: unknown, input: unknown): Promise<EmailConfigurationItem> {
  const existing = await findConfiguration(ctx.db, id);
  const data = validate(emailConfigurationUpdateSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    if (data.isActive === true) await deactivateOthers(trx, existing.id);
    const row = await trx
      .updateTable('emailConfigurations')
      .set({
        ...(data.name !== undefined && { name: data.name }),
        ...(data.host !== undefined && { host: data.host }),
        ...(data.port !== undefined && { port: data.port }),
        ...(data.useTLS !== undefined && { useTls: data.useTLS ? 1 : 0 }),
        ...(data.username !== undefined && { username: data.username }),
        ...(data.password && { passwordEnc: await encryptAtRest(ctx.dataKey, data.password, passwordContext(existing.id)) }),
        ...(data.fromEmail !== undefined && { fromEmail: data.fromEmail }),
        ...(data.fromName !== undefined && { fromName: data.fromName }),
        ...(data.isActive !== undefined && { isActive: data.isActive ? 1 : 0 }),
        updatedAt: nowIso(),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, ctx, {
      action: 'email_configuration.update', targetType: 'email_configuration', targetId: existing.id, targetName: row.name,
      details: { fields: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined && k !== 'password').concat(data.password ? ['password'] : []) },
    });
    return toConfigurationItem(row);
  });
}

export async function deleteEmailConfiguration(ctx: CommandContext, id: unknown): Promise<{ ok: true }> {
  const existing = await findConfiguration(ctx.db, id);
  return inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('emailConfigurations').where('id', '=', existing.id).execute();
    await recordAdminAction(trx, ctx, { action: 'email_configuration.delete', targetType: 'email_configuration', targetId: existing.id, targetName: existing.name });
    return { ok: true as const };
  });
}

/**
 * 'Verbindung testen' (POST /api/admin/test-email): the form's values, or with `id` a saved
 * configuration whose stored password stands in for an empty one. Nothing is sent.
 */
export async function testEmailConnection(ctx: CommandContext, input: unknown): Promise<{ ok: true; message: string }> {
  const data = validate(emailConnectionTestSchema, input);
  let password = data.password;
  if (!password && data.id !== undefined) {
    const saved = await findConfiguration(ctx.db, data.id);
    password = (await smtpSettings(saved, ctx.dataKey)).password;
  }
  const settings: SmtpSettings = { host: data.host, port: data.port, useTLS: data.useTLS, username: data.username, password, fromEmail: data.fromEmail, fromName: null };
  let failure: string | null = null;
  try {
    await verifyConnection(settings);
  } catch (error) {
    failure = smtpFailureReason(error);
  }
  await recordAdminAction(ctx.db, ctx, {
    action: 'email_configuration.test', targetType: 'email_configuration', targetId: data.id, targetName: `${data.host}:${data.port}`,
    details: { ok: failure === null, ...(failure && { error: failure }) },
  });
  if (failure !== null) throw mailFailed(emailMessages.connectionFailed(failure));
  return { ok: true, message: emailMessages.connectionOk };
}

export const testMail = (configurationName: string) => ({
  subject: 'SaniDok: Test-E-Mail',
  text: `Diese Test-E-Mail bestätigt, dass die SMTP-Konfiguration „${configurationName}“ funktioniert.\n\nUmlaute zur Kontrolle: Ä Ö Ü ä ö ü ß\n\nIhr SaniDok-Team\n`,
});

/** Sends a test mail with one configuration (active or not) and logs it like every send. */
export async function sendTestEmail(ctx: CommandContext, configurationId: unknown, input: unknown): Promise<{ ok: true; message: string }> {
  const configuration = await findConfiguration(ctx.db, configurationId);
  const { email } = validate(sendTestEmailSchema, input);
  const { subject, text } = testMail(configuration.name);
  let failure: string | null = null;
  try {
    const mailer = openMailer(await smtpSettings(configuration, ctx.dataKey));
    try {
      await mailer.send({ to: email, subject, text, html: undefined });
    } finally {
      mailer.close();
    }
  } catch (error) {
    failure = smtpFailureReason(error);
  }
  await logEmail(ctx.db, {
    toEmail: email, fromEmail: configuration.fromEmail, subject, templateId: null, templateName: null,
    error: failure === null ? null : emailMessages.sendFailed(failure),
  });
  await recordAdminAction(ctx.db, ctx, {
    action: 'email_configuration.send_test', targetType: 'email_configuration', targetId: configuration.id, targetName: configuration.name,
    details: { to: email, ok: failure === null },
  });
  if (failure !== null) throw mailFailed(emailMessages.sendFailed(failure));
  return { ok: true, message: emailMessages.testSent(email) };
}
