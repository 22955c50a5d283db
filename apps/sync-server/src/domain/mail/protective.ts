import type { EmailTemplateType } from '@sanidok/schema';
import { emailTemplateTypeLabels, isProtectiveTemplate } from '@sanidok/schema';
import type { EmailTemplateRow } from '../../db/database';
import type { TemplateVariables } from './outbox';
import type { RenderedMail } from './render';
import { escapeHtml, renderTemplate } from './render';

/**
 * The mails that warn a holder of a takeover — a password reset, a changed key or second factor, a
 * key recovery, a new e-mail address — are the owner's only word from the server while a platform
 * admin acts on the account (docs/decisions.md "Proofs a platform admin cannot forge"). The admin
 * edits templates, so for these the mailer sends even a deactivated or deleted one, and appends the
 * facts itself, below whatever the template says.
 */
const factLabels: Record<string, string> = {
  organizationName: 'Organisation',
  adminName: 'Plattform-Administrator',
  changedBy: 'Geändert von',
  requestedBy: 'Angefordert von',
  change: 'Änderung',
  keyFingerprint: 'Fingerabdruck des neuen Schlüssels',
  effectiveAt: 'Wirksam ab',
  newEmail: 'Neue E-Mail-Adresse',
  username: 'Benutzername',
  resetUrl: 'Link zum Zurücksetzen',
  expiresAt: 'Gültig bis',
  ipAddress: 'IP-Adresse',
  timestamp: 'Zeitpunkt',
};

const factsHeading = 'Sicherheitshinweis von SaniDok (wird immer angefügt):';

function facts(variables: TemplateVariables): [string, string][] {
  return Object.entries(factLabels).flatMap(([name, label]) => {
    const value = variables[name];
    return value ? [[label, value] as [string, string]] : [];
  });
}

/**
 * The mail as sent: a protective template's own text, switched off or not (deleted: a plain one),
 * with the facts appended; any other template as it stands, undefined when switched off or missing.
 */
export function renderOutgoingMail(name: string, template: EmailTemplateRow | undefined, variables: TemplateVariables): RenderedMail | undefined {
  if (!isProtectiveTemplate(name)) return template && template.isActive === 1 ? renderTemplate(template, variables) : undefined;
  // Switched off (in the database, past the API's refusal) it goes out all the same.
  const base = template ? renderTemplate(template, variables) : fallback(name, variables);
  const list = facts(variables);
  const text = `${base.text.trimEnd()}\n\n${factsHeading}\n${list.map(([label, value]) => `- ${label}: ${value}`).join('\n')}\n`;
  const block = `<hr><p><strong>${escapeHtml(factsHeading)}</strong></p><ul>${list.map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`).join('')}</ul>`;
  const html = base.html === undefined ? undefined : base.html.includes('</body>') ? base.html.replace('</body>', `${block}</body>`) : `${base.html}${block}`;
  return { subject: base.subject || emailTemplateTypeLabels[name], html, text };
}

function fallback(name: EmailTemplateType, variables: TemplateVariables): RenderedMail {
  const subject = `SaniDok: ${emailTemplateTypeLabels[name]}`;
  const text = `Hallo ${variables.userName ?? ''},\n\nan Ihrem SaniDok-Konto hat sich etwas geändert, das Sie wissen müssen: ${emailTemplateTypeLabels[name]}.`;
  return { subject, html: undefined, text };
}
