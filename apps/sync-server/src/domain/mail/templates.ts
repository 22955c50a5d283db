import type { EmailTemplateItem } from '@sanidok/schema';
import { emailMessages, emailTemplateSchema, emailTemplateUpdateSchema, idParam, isProtectiveTemplate, templateVariables } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { EmailTemplateRow } from '../../db/database';
import { recordAdminAction } from '../audit';
import type { CommandContext } from '../context';
import { conflict, isUniqueViolation, notFound, validate } from '../errors';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import type { TemplateVariables } from './outbox';
import { previewPage, sampleVariables } from './render';

/** E-mail templates of the e-mail tab; the mailer picks the active one by name (the template type). */

function parseVariables(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toTemplateItem(row: EmailTemplateRow): EmailTemplateItem {
  return { ...row, variables: parseVariables(row.variables), isActive: row.isActive === 1 };
}

export async function listEmailTemplates(db: Db): Promise<EmailTemplateItem[]> {
  return (await db.selectFrom('emailTemplates').selectAll().orderBy('name').execute()).map(toTemplateItem);
}

async function findTemplate(db: Db, id: unknown): Promise<EmailTemplateRow> {
  const parsed = idParam.safeParse(id);
  const row = parsed.success ? await db.selectFrom('emailTemplates').selectAll().where('id', '=', parsed.data).executeTakeFirst() : undefined;
  if (!row) throw notFound(emailMessages.templateNotFound);
  return row;
}

const nameTaken = () => conflict(emailMessages.templateNameTaken);

export async function createEmailTemplate(ctx: CommandContext, input: unknown): Promise<EmailTemplateItem> {
  const data = validate(emailTemplateSchema, input);
  const variables = data.variables ?? templateVariables(data.subject, data.htmlBody, data.textBody);
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('emailTemplates')
        .values({
          name: data.name, subject: data.subject, htmlBody: data.htmlBody, textBody: data.textBody, variables: JSON.stringify(variables),
          isActive: data.isActive ? 1 : 0, createdAt: now, updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, ctx, { action: 'email_template.create', targetType: 'email_template', targetId: row.id, targetName: row.name });
      return toTemplateItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateEmailTemplate(ctx: CommandContext, id: unknown, input: unknown): Promise<EmailTemplateItem> {
  const existing = await findTemplate(ctx.db, id);
  const data = validate(emailTemplateUpdateSchema, input);
  // A warning of a takeover stays on and keeps its name (./protective.ts); its words may change.
  if (isProtectiveTemplate(existing.name) && (data.isActive === false || (data.name !== undefined && data.name !== existing.name))) throw conflict(emailMessages.templateProtected);
  const subject = data.subject ?? existing.subject;
  const htmlBody = data.htmlBody ?? existing.htmlBody;
  const textBody = data.textBody ?? existing.textBody;
  const bodiesChanged = data.subject !== undefined || data.htmlBody !== undefined || data.textBody !== undefined;
  const variables = data.variables ?? (bodiesChanged ? templateVariables(subject, htmlBody, textBody) : undefined);
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .updateTable('emailTemplates')
        .set({
          ...(data.name !== undefined && { name: data.name }),
          subject, htmlBody, textBody,
          ...(variables !== undefined && { variables: JSON.stringify(variables) }),
          ...(data.isActive !== undefined && { isActive: data.isActive ? 1 : 0 }),
          updatedAt: nowIso(),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, ctx, {
        action: 'email_template.update', targetType: 'email_template', targetId: row.id, targetName: row.name,
        details: { fields: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
      });
      return toTemplateItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteEmailTemplate(ctx: CommandContext, id: unknown): Promise<{ ok: true }> {
  const existing = await findTemplate(ctx.db, id);
  if (isProtectiveTemplate(existing.name)) throw conflict(emailMessages.templateProtected);
  return inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('emailTemplates').where('id', '=', existing.id).execute();
    await recordAdminAction(trx, ctx, { action: 'email_template.delete', targetType: 'email_template', targetId: existing.id, targetName: existing.name });
    return { ok: true as const };
  });
}

const placeholderName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Query parameters named like a placeholder override the sample values (e.g. ?userName=…). */
function overrides(query: unknown): TemplateVariables {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && placeholderName.test(e[0])).map(([k, v]) => [k, v.slice(0, 500)]),
  );
}

/** The preview page (HTML) with sample values; every value is HTML-escaped where it lands in HTML. */
export async function previewEmailTemplate(db: Db, id: unknown, query: unknown): Promise<string> {
  const template = await findTemplate(db, id);
  return previewPage(template, { ...sampleVariables(), ...overrides(query) });
}
