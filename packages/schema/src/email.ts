import { z } from './zodConfig';

/**
 * E-mail administration (docs/spec/accounts.md §3 email_*, §5, §7 Admin, §9): SMTP configurations, templates,
 * logs. The SMTP password is write-only: no response ever carries it.
 */

/** The e-mails SaniDok sends, by template name (docs/spec/accounts.md §9) plus the archive-failure alert. */
export const emailTemplateTypes = [
  'account_created',
  'account_blocked',
  'organization_blocked',
  'service_blocked',
  'organization_invitation',
  'service_completed',
  'service_archived',
  'archive_access_alert',
  'organization_key_rotated',
  'password_reset_by_admin',
  'password_reset',
  'archive_access_alert_owner',
  'two_factor_changed',
  'organization_key_recovery_requested',
  'email_verification',
  'email_changed',
  'organization_invitation_email',
] as const;
export type EmailTemplateType = (typeof emailTemplateTypes)[number];

export const emailTemplateTypeLabels: Record<EmailTemplateType, string> = {
  account_created: 'Konto erstellt',
  account_blocked: 'Konto gesperrt',
  organization_blocked: 'Organisation gesperrt',
  service_blocked: 'Sanitätsdienst gesperrt',
  organization_invitation: 'Einladung in eine Organisation',
  service_completed: 'Sanitätsdienst abgeschlossen',
  service_archived: 'Sanitätsdienst archiviert',
  archive_access_alert: 'Warnung: Fehlversuche am Patientenarchiv',
  organization_key_rotated: 'Organisationsschlüssel erneuert',
  password_reset_by_admin: 'Passwort durch Administrator zurückgesetzt',
  password_reset: 'Passwort zurücksetzen (Link)',
  archive_access_alert_owner: 'Warnung an den Inhaber: Fehlversuche am Patientenarchiv',
  two_factor_changed: 'Zwei-Faktor-Anmeldung geändert',
  organization_key_recovery_requested: 'Wiederherstellung des Organisationsschlüssels angefordert',
  email_verification: 'E-Mail-Adresse bestätigen (Link)',
  email_changed: 'E-Mail-Adresse geändert (an die alte Adresse)',
  organization_invitation_email: 'Einladung in eine Organisation (an eine E-Mail-Adresse)',
};

/**
 * The mails that warn of a takeover (docs/decisions.md "Proofs a platform admin cannot forge"): a
 * platform admin can reword them but not switch them off, delete or rename them, and the server
 * always appends their facts.
 */
export const protectiveTemplateTypes = [
  'password_reset_by_admin', 'password_reset', 'organization_key_rotated', 'organization_key_recovery_requested', 'email_changed', 'two_factor_changed',
] as const satisfies readonly EmailTemplateType[];

export function isProtectiveTemplate(name: string): name is (typeof protectiveTemplateTypes)[number] {
  return (protectiveTemplateTypes as readonly string[]).includes(name);
}

export const defaultSmtpPort = 587;

export const emailMessages = {
  required: 'Bitte füllen Sie alle Pflichtfelder aus',
  portInvalid: 'Der Port muss zwischen 1 und 65535 liegen',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  textLong: 'Die Eingabe ist zu lang',
  testAddressRequired: 'Bitte geben Sie eine E-Mail-Adresse für die Test-E-Mail ein',
  templateNameRequired: 'Name und Betreff sind erforderlich',
  bodyLong: 'Der Text darf höchstens 100000 Zeichen lang sein',
  // Server answers.
  configurationNotFound: 'SMTP-Konfiguration nicht gefunden.',
  templateNotFound: 'E-Mail-Vorlage nicht gefunden.',
  templateNameTaken: 'Eine Vorlage mit diesem Namen gibt es bereits.',
  templateProtected:
    'Diese Vorlage warnt Benutzer vor der Übernahme ihres Kontos. Sie kann umformuliert, aber nicht abgeschaltet, umbenannt oder gelöscht werden; ihre Fakten fügt SaniDok immer an.',
  noActiveConfiguration: 'Keine aktive SMTP-Konfiguration. Die E-Mail wurde nicht versendet.',
  connectionFailed: (reason: string) => `Verbindung zum SMTP-Server fehlgeschlagen: ${reason}`,
  sendFailed: (reason: string) => `Die E-Mail konnte nicht versendet werden: ${reason}`,
  connectionOk: 'Die Verbindung zum SMTP-Server funktioniert.',
  testSent: (to: string) => `Die Test-E-Mail an ${to} wurde versendet.`,
} as const;

const m = emailMessages;

const requiredText = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.textLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textLong)
    .nullish()
    .transform((v) => v || null);
const email = z.string({ error: m.required }).trim().min(1, m.required).max(254, m.emailInvalid).pipe(z.email(m.emailInvalid));
const port = z.coerce.number({ error: m.portInvalid }).int(m.portInvalid).min(1, m.portInvalid).max(65535, m.portInvalid);

/**
 * The admin form (docs/spec/accounts.md §3): `useTLS` (on by default) instead of the stored `secure`. On port
 * 465 TLS starts at once, on every other port with STARTTLS, which is then required.
 */
export const emailConfigurationSchema = z.object({
  name: requiredText(100),
  host: requiredText(255),
  port: port.default(defaultSmtpPort),
  useTLS: z.boolean().default(true),
  username: requiredText(255),
  /** Write-only. Empty on an update keeps the stored password. */
  password: z.string().max(500, m.textLong).nullish().transform((v) => v || null),
  fromEmail: email,
  fromName: optionalText(100),
  isActive: z.boolean().default(false),
});
export type EmailConfigurationInput = z.input<typeof emailConfigurationSchema>;

export const emailConfigurationUpdateSchema = emailConfigurationSchema.partial().extend({
  useTLS: z.boolean().optional(),
  isActive: z.boolean().optional(),
  port: port.optional(),
});
export type EmailConfigurationUpdateInput = z.input<typeof emailConfigurationUpdateSchema>;

/**
 * 'Verbindung testen' (POST /api/admin/test-email): host and sender are needed (docs/spec/accounts.md §5); with
 * the `id` of a saved configuration an empty password means its stored one.
 */
export const emailConnectionTestSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  host: requiredText(255),
  port: port.default(defaultSmtpPort),
  useTLS: z.boolean().default(true),
  username: optionalText(255),
  password: z.string().max(500, m.textLong).nullish().transform((v) => v || null),
  fromEmail: email,
});
export type EmailConnectionTestInput = z.input<typeof emailConnectionTestSchema>;

export const sendTestEmailSchema = z.object({
  email: z
    .string({ error: m.testAddressRequired })
    .trim()
    .min(1, m.testAddressRequired)
    .max(254, m.emailInvalid)
    .pipe(z.email(m.emailInvalid)),
});
export type SendTestEmailInput = z.input<typeof sendTestEmailSchema>;

const body = z.string().max(100_000, m.bodyLong).nullish().transform((v) => v ?? '');

export const emailTemplateSchema = z.object({
  name: z.string({ error: m.templateNameRequired }).trim().min(1, m.templateNameRequired).max(100, m.textLong),
  subject: z.string({ error: m.templateNameRequired }).trim().min(1, m.templateNameRequired).max(300, m.textLong),
  htmlBody: body,
  textBody: body,
  /** Documented placeholders; when absent, the {{…}} names found in subject and bodies. */
  variables: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  isActive: z.boolean().default(true),
});
export type EmailTemplateInput = z.input<typeof emailTemplateSchema>;

export const emailTemplateUpdateSchema = emailTemplateSchema.partial().extend({ isActive: z.boolean().optional() });
export type EmailTemplateUpdateInput = z.input<typeof emailTemplateUpdateSchema>;

/** Placeholders are written {{name}}; letters, digits and underscores. */
export const templateVariablePattern = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholder names used in a text, in order of first appearance. */
export function templateVariables(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(templateVariablePattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

export interface EmailConfigurationItem {
  id: number;
  name: string;
  host: string;
  port: number;
  useTLS: boolean;
  username: string;
  /** Whether a password is stored; the password itself never leaves the server. */
  hasPassword: boolean;
  fromEmail: string;
  fromName: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EmailTemplateItem {
  id: number;
  name: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  variables: string[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EmailLogItem {
  id: number;
  toEmail: string;
  fromEmail: string | null;
  subject: string;
  templateId: number | null;
  templateName: string | null;
  status: 'sent' | 'error';
  errorMessage: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** The e-mail tab shows the latest 20 log entries (docs/spec/accounts.md §2, §9). */
export const emailLogsShown = 20;
