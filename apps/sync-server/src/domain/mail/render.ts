import { formatDateTime, templateVariablePattern } from '@sanidok/schema';
import type { EmailTemplateRow } from '../../db/database';
import type { TemplateVariables } from './outbox';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/** Replaces {{name}}; values are HTML-escaped for the HTML body, unknown names become empty. */
export function fillPlaceholders(text: string, variables: TemplateVariables, html: boolean): string {
  return text.replace(templateVariablePattern, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? (variables[name] ?? '') : '';
    return html ? escapeHtml(value) : value;
  });
}

/** A plain-text fallback from HTML for templates without a text body. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h\d|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedMail {
  subject: string;
  html: string | undefined;
  text: string;
}

export function renderTemplate(template: Pick<EmailTemplateRow, 'subject' | 'htmlBody' | 'textBody'>, variables: TemplateVariables): RenderedMail {
  // A subject is one header line: line breaks from a value must not start another header.
  const subject = fillPlaceholders(template.subject, variables, false).replace(/[\r\n]+/g, ' ').trim();
  const html = template.htmlBody.trim() ? fillPlaceholders(template.htmlBody, variables, true) : undefined;
  const text = template.textBody.trim() ? fillPlaceholders(template.textBody, variables, false) : htmlToText(html ?? '');
  return { subject, html, text };
}

/** Sample values for the preview; query parameters of the preview call override them. */
export function sampleVariables(now = new Date()): TemplateVariables {
  return {
    userName: 'Erika Mustermann',
    username: 'erika.mustermann',
    email: 'erika.mustermann@example.de',
    organizationName: 'DRK Ortsverein Musterstadt',
    serviceName: 'Stadtfest Musterstadt',
    reason: 'Verstoß gegen die Nutzungsbedingungen',
    inviterName: 'Max Müller',
    role: 'Mitglied',
    failureCount: '5',
    timestamp: formatDateTime(now),
    ipAddress: '192.0.2.*',
    keyFingerprint: '3f2a-91c0-77de-0b41-5e6f-a8c2-19d4-e07b',
    changedBy: 'erika.mustermann',
    adminName: 'plattform-admin',
    resetUrl: 'https://sanidok.example.de/passwort-zuruecksetzen?token=Beispiel',
    expiresAt: formatDateTime(new Date(now.getTime() + 30 * 60_000)),
  };
}

/** Strips the document frame of an HTML body so it can sit inside the preview page. */
function bodyContent(html: string): string {
  return html
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<\/?(html|body)[^>]*>/gi, '');
}

/** The preview page opened in a new tab: subject, HTML body and text body with sample values. */
export function previewPage(template: Pick<EmailTemplateRow, 'name' | 'subject' | 'htmlBody' | 'textBody'>, variables: TemplateVariables): string {
  const mail = renderTemplate(template, variables);
  return `<!DOCTYPE html>
<html lang="de">
<head><meta charset="utf-8"><title>Vorschau: ${escapeHtml(template.name)}</title></head>
<body style="margin:0;font-family:Arial,sans-serif;background:#f1f3f5;">
<header style="padding:16px 24px;background:#fff;border-bottom:1px solid #dee2e6;">
<p style="margin:0 0 4px;color:#868e96;font-size:13px;">Vorschau der Vorlage „${escapeHtml(template.name)}“ mit Beispielwerten</p>
<p style="margin:0;font-size:16px;"><strong>Betreff:</strong> ${escapeHtml(mail.subject)}</p>
</header>
<main style="margin:24px;padding:24px;background:#fff;border:1px solid #dee2e6;">
${mail.html ? bodyContent(mail.html) : '<p style="color:#868e96;">Keine HTML-Version.</p>'}
</main>
<section style="margin:24px;">
<h2 style="font-size:14px;color:#495057;">Textversion</h2>
<pre style="white-space:pre-wrap;padding:16px;background:#fff;border:1px solid #dee2e6;">${escapeHtml(mail.text)}</pre>
</section>
</body>
</html>`;
}
