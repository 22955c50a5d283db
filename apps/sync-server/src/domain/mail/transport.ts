import { createTransport } from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';

/** What a connection needs, with the password already decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  useTLS: boolean;
  username: string | null;
  password: string | null;
  fromEmail: string;
  fromName: string | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string | undefined;
  text: string;
}

/**
 * The form's useTLS (docs/spec/accounts.md §3): on port 465 TLS from the first byte, on every other port
 * STARTTLS, which is then required (no silent fallback to plain text). Off: plain SMTP.
 * Short timeouts: a dead server must not hold mails or the admin's test for minutes.
 */
export function transportOptions(settings: SmtpSettings): SMTPTransportOptions {
  const implicitTls = settings.useTLS && settings.port === 465;
  return {
    host: settings.host,
    port: settings.port,
    secure: implicitTls,
    requireTLS: settings.useTLS && !implicitTls,
    ignoreTLS: !settings.useTLS,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export const fromHeader = (settings: Pick<SmtpSettings, 'fromEmail' | 'fromName'>) =>
  settings.fromName ? { name: settings.fromName, address: settings.fromEmail } : settings.fromEmail;

/** The reason of a failed SMTP call, short enough for a toast and a log row. */
export function smtpFailureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'Unbekannter Fehler';
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** One SMTP connection setup for a batch of mails. */
export function openMailer(settings: SmtpSettings): Mailer {
  const transporter = createTransport(transportOptions(settings));
  return {
    async send(mail) {
      await transporter.sendMail({ from: fromHeader(settings), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
    close: () => transporter.close(),
  };
}

/** 'Verbindung testen': connects, says hello, authenticates, and disconnects (nodemailer verify). */
export async function verifyConnection(settings: SmtpSettings): Promise<void> {
  const transporter = createTransport(transportOptions(settings));
  try {
    await transporter.verify();
  } finally {
    transporter.close();
  }
}
