import type { Selectable } from 'kysely';
import type { EmailLogItem } from '@sanidok/schema';
import type { AutoId, Bool, CreatedAt, EncryptedText, IsoTimestamp, JsonText } from '../columns';

export interface EmailConfigurationsTable {
  id: AutoId;
  name: string;
  host: string;
  port: number;
  useTls: Bool;
  username: string;
  /** AES-256-GCM envelope (packages/crypto atRest, server data key); never sent to a client. */
  passwordEnc: EncryptedText | null;
  fromEmail: string;
  fromName: string | null;
  isActive: Bool;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
}

export interface EmailTemplatesTable {
  id: AutoId;
  name: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  /** JSON array of placeholder names. */
  variables: JsonText;
  isActive: Bool;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
}

export interface EmailLogsTable {
  id: AutoId;
  toEmail: string;
  fromEmail: string | null;
  subject: string;
  templateId: number | null;
  templateName: string | null;
  status: EmailLogItem['status'];
  errorMessage: string | null;
  sentAt: IsoTimestamp | null;
  createdAt: CreatedAt;
}

/** Mails queued inside an action's transaction; sent after it has committed. */
export interface EmailOutboxTable {
  id: AutoId;
  templateName: string;
  toEmail: string;
  /** JSON object of template variables. */
  variables: JsonText;
  createdAt: CreatedAt;
}

export interface MailTables {
  emailConfigurations: EmailConfigurationsTable;
  emailTemplates: EmailTemplatesTable;
  emailLogs: EmailLogsTable;
  emailOutbox: EmailOutboxTable;
}

export type EmailConfigurationRow = Selectable<EmailConfigurationsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
