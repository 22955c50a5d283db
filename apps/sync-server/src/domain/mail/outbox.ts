import { decryptAtRest, encryptAtRest } from '@sanidok/crypto';
import type { EmailTemplateType } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { nowIso } from '../time';

export type TemplateVariables = Record<string, string>;

export interface QueuedMail {
  template: EmailTemplateType;
  to: string;
  variables: TemplateVariables;
  /**
   * The variables encrypted at rest (`sealOutboxVariables`), stored instead of `variables` for
   * mails that carry a secret, such as a password-reset link: the outbox row and its traces in
   * the WAL must not yield a working link.
   */
  sealedVariables?: string;
}

const sealedPrefix = 'at-rest:';
const outboxContext = 'email_outbox.variables';

export async function sealOutboxVariables(dataKey: string, variables: TemplateVariables): Promise<string> {
  return sealedPrefix + (await encryptAtRest(dataKey, JSON.stringify(variables), outboxContext));
}

/** The mailer's read of a stored row's variables, plain or sealed. */
export async function outboxVariables(stored: string, dataKey: string): Promise<TemplateVariables> {
  const text = stored.startsWith(sealedPrefix) ? await decryptAtRest(dataKey, stored.slice(sealedPrefix.length), outboxContext) : stored;
  return JSON.parse(text) as TemplateVariables;
}

export interface MailQueueListener {
  /** A mail was queued; its row is visible once the surrounding transaction commits. */
  queued(): void;
  /** Queueing failed: logged by the mailer, the action goes on. */
  failed(error: unknown): void;
}

const listeners = new Set<MailQueueListener>();

/** The mailer plugin subscribes here; returns the unsubscribe function. */
export function onMailQueue(listener: MailQueueListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Queues mails inside the caller's transaction: they exist only if the action commits, and the
 * mailer sends them afterwards (plugins/mailer.ts), so sending never delays or fails the action.
 * Any error here is reported to the mailer and swallowed for the same reason. `build` may answer at
 * once when the recipients are known (events.ts).
 */
export async function queueMails(db: Db, build: () => QueuedMail[] | Promise<QueuedMail[]>): Promise<void> {
  try {
    const mails = (await build()).filter((mail) => mail.to.trim() !== '');
    if (mails.length === 0) return;
    const createdAt = nowIso();
    await db
      .insertInto('emailOutbox')
      .values(mails.map((mail) => ({ templateName: mail.template, toEmail: mail.to, variables: mail.sealedVariables ?? JSON.stringify(mail.variables), createdAt })))
      .execute();
    for (const listener of listeners) listener.queued();
  } catch (error) {
    for (const listener of listeners) listener.failed(error);
  }
}
