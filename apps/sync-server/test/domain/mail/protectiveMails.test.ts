import type { ApiErrorBody, EmailTemplateItem } from '@sanidok/schema';
import { emailMessages, protectiveTemplateTypes } from '@sanidok/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, del } from '../../helpers/admin';
import { json } from '../../helpers/json';
import type { TestSmtpServer } from '../../helpers/smtp';
import { smtpCredentials, startSmtpServer } from '../../helpers/smtp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});

/**
 * The mails that warn of a takeover (domain/mail/protective.ts): the platform admin they warn
 * against edits the templates, so they cannot be switched off, renamed or deleted, and their facts
 * reach the holder whatever the template says.
 */
describe('protective mails', () => {
  it('cannot be switched off, renamed or deleted; a stripped or (in the database) switched-off one still carries its facts', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    expect((await admin.post('/api/admin/email-configurations', {
      name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
      fromEmail: 'noreply@sanidok.example', isActive: true,
    })).statusCode).toBe(201);
    const templates = json<EmailTemplateItem[]>(await admin.get('/api/admin/email-templates'));
    for (const name of protectiveTemplateTypes) {
      const template = templates.find((t) => t.name === name);
      if (!template) throw new Error(`Vorlage ${name} fehlt`);
      const url = `/api/admin/email-templates/${template.id}`;
      for (const refused of [await admin.patch(url, { isActive: false }), await admin.patch(url, { name: `${name}_alt` }), await del(admin, url)]) {
        expect([refused.statusCode, json<ApiErrorBody>(refused).message]).toEqual([409, emailMessages.templateProtected]);
      }
    }
    // Reworded to say nothing: allowed, the facts are appended anyway.
    const reset = templates.find((t) => t.name === 'password_reset_by_admin') as EmailTemplateItem;
    expect((await admin.patch(`/api/admin/email-templates/${reset.id}`, { subject: 'Hinweis', htmlBody: '<p>Alles in Ordnung.</p>', textBody: 'Alles in Ordnung.' })).statusCode).toBe(200);
    // Switched off behind the API's back (an older server let it): still sent.
    await app.db.updateTable('emailTemplates').set({ isActive: 0 }).where('name', '=', 'email_changed').execute();

    const holder = await registeredClient(app, 'olga');
    const holderId = (await app.db.selectFrom('users').select('id').where('username', '=', 'olga').executeTakeFirstOrThrow()).id;
    expect((await holder.patch('/api/profile', { fullName: 'Olga', email: 'neu@example.org', currentPassword: 'Geheim-Sani-42' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${holderId}/reset-password`, { newPassword: 'Uebernahme-2026!' })).statusCode).toBe(200);
    await app.mailer.flush();
    const changed = smtp.received.find((m) => m.envelopeTo.includes('olga@example.de') && m.parsed.subject === 'Die E-Mail-Adresse Ihres SaniDok-Kontos wurde geändert');
    expect(changed?.parsed.text).toContain('Neue E-Mail-Adresse: neu@example.org');
    const stripped = smtp.received.find((m) => m.envelopeTo.includes('neu@example.org') && m.parsed.subject === 'Hinweis');
    expect(stripped?.parsed.text).toContain('Alles in Ordnung.');
    expect(stripped?.parsed.text).toContain('Plattform-Administrator: plattform');
    expect(stripped?.parsed.html).toContain('Plattform-Administrator: plattform');
  });
});
