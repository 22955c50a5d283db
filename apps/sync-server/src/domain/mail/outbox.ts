import type { EmailTemplateType } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { nowIso } from '../time';

export type TemplateVariables = Record<string, string>;

export interface QueuedMail {
  template: EmailTemplateType;
  to: string;
  variables: TemplateVariables;
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
      .values(mails.map((mail) => ({ templateName: mail.template, toEmail: mail.to, variables: JSON.stringify(mail.variables), createdAt })))
      .execute();
    for (const listener of listeners) listener.queued();
  } catch (error) {
    for (const listener of listeners) listener.failed(error);
  }
}
