import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailAccountCreated } from '../../../src/domain/mail/events';
import { adminClient, auditActions, del } from '../../helpers/admin';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createServiceVia } from '../../helpers/services';
import { databaseText } from '../../helpers/protocols';
import type { TestSmtpServer } from '../../helpers/smtp';
import { smtpCredentials, startSmtpServer } from '../../helpers/smtp';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, EmailConfigurationItem, EmailLogItem, EmailTemplateItem } from '@sanidok/schema';
import { emailTemplateTypes } from '@sanidok/schema';
import { stringWith } from '../../helpers/matchers';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const configuration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
  fromEmail: 'noreply@sanidok.example', fromName: 'SaniDok Benachrichtigung', ...overrides,
});

async function setup() {
  const app = await createTestApp();
  const admin = await adminClient(app);
  return { app, admin };
}

async function activeConfiguration(admin: Client, overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/email-configurations', configuration({ isActive: true, ...overrides }));
  expect(response.statusCode).toBe(201);
  return json<{ id: number }>(response);
}

const logs = (app: FastifyInstance) => app.db.selectFrom('emailLogs').selectAll().orderBy('id').execute();

describe('admin: SMTP configurations', () => {
  it('stores the password encrypted, never answers it, and keeps one configuration active', async () => {
    const { app, admin } = await setup();
    const missing = await admin.post('/api/admin/email-configurations', { name: '', host: '', username: '', fromEmail: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Bitte füllen Sie alle Pflichtfelder aus', fields: { name: 'Bitte füllen Sie alle Pflichtfelder aus', host: 'Bitte füllen Sie alle Pflichtfelder aus' } });

    const first = await admin.post('/api/admin/email-configurations', configuration({ isActive: true }));
    expect(first.json()).toMatchObject({ name: 'Loopback', port: smtp.port, useTLS: false, hasPassword: true, isActive: true });
    const defaults = json<EmailConfigurationItem>(await admin.post('/api/admin/email-configurations', { name: 'Standard', host: 'smtp.example.de', username: 'u', fromEmail: 'a@example.de' }));
    expect(defaults).toMatchObject({ port: 587, useTLS: true, hasPassword: false, isActive: false, fromName: null });

    const list = await admin.get('/api/admin/email-configurations');
    for (const body of [first.body, list.body]) {
      expect(body).not.toContain(smtpCredentials.password);
      expect(body).not.toMatch(/"password/);
    }
    const row = await app.db.selectFrom('emailConfigurations').selectAll().where('id', '=', json<{ id: number }>(first).id).executeTakeFirstOrThrow();
    expect(row.passwordEnc).toMatch(/^v1\./);
    expect(await databaseText(app)).not.toContain(smtpCredentials.password);

    // Activating the second deactivates the first; an empty password keeps the stored one.
    const second = await admin.patch(`/api/admin/email-configurations/${defaults.id}`, { isActive: true, password: '' });
    expect(second.json()).toMatchObject({ isActive: true, hasPassword: false });
    expect(json<EmailConfigurationItem[]>(await admin.get('/api/admin/email-configurations')).map((c: { name: string; isActive: boolean }) => [c.name, c.isActive])).toEqual([
      ['Standard', true], ['Loopback', false],
    ]);
    await admin.patch(`/api/admin/email-configurations/${json<{ id: number }>(first).id}`, { isActive: true, fromName: 'Neu', password: '' });
    expect((await app.db.selectFrom('emailConfigurations').select('passwordEnc').where('id', '=', json<{ id: number }>(first).id).executeTakeFirstOrThrow()).passwordEnc).toBe(row.passwordEnc);
    expect((await app.db.selectFrom('emailConfigurations').select('id').where('isActive', '=', 1).execute())).toEqual([{ id: json<{ id: number }>(first).id }]);

    expect(json(await del(admin, `/api/admin/email-configurations/${defaults.id}`))).toEqual({ ok: true });
    expect((await del(admin, `/api/admin/email-configurations/${defaults.id}`)).statusCode).toBe(404);
    expect(await auditActions(app)).toEqual([
      'email_configuration.create', 'email_configuration.create', 'email_configuration.update', 'email_configuration.update', 'email_configuration.delete',
    ]);
    const audit = await app.db.selectFrom('adminAuditLog').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain(smtpCredentials.password);
  });

  it('tests the connection (nodemailer verify) with the form values or the stored password', async () => {
    const { app, admin } = await setup();
    const ok = await admin.post('/api/admin/test-email', configuration());
    expect(ok.json()).toEqual({ ok: true, message: 'Die Verbindung zum SMTP-Server funktioniert.' });

    const wrongPassword = await admin.post('/api/admin/test-email', configuration({ password: 'falsch' }));
    expect(wrongPassword.statusCode).toBe(502);
    expect(json<ApiErrorBody>(wrongPassword).code).toBe('MAIL_FAILED');
    expect(json<ApiErrorBody>(wrongPassword).message).toMatch(/^Verbindung zum SMTP-Server fehlgeschlagen: .*Invalid/);

    const saved = json<EmailConfigurationItem>(await admin.post('/api/admin/email-configurations', configuration()));
    expect((await admin.post('/api/admin/test-email', configuration({ id: saved.id, password: '' }))).statusCode).toBe(200);

    const down = await admin.post('/api/admin/test-email', configuration({ port: await closedPort() }));
    expect(down.statusCode).toBe(502);
    expect(json<ApiErrorBody>(down).message).toContain('ECONNREFUSED');
    const required = await admin.post('/api/admin/test-email', { host: '', fromEmail: '' });
    expect(required.json()).toMatchObject({ fields: { host: 'Bitte füllen Sie alle Pflichtfelder aus', fromEmail: 'Bitte füllen Sie alle Pflichtfelder aus' } });
    expect(smtp.received.filter((m) => m.parsed.subject?.includes('Test'))).toHaveLength(0);
    expect((await auditActions(app)).filter((a) => a === 'email_configuration.test')).toHaveLength(4);
  });

  it('sends a test e-mail through a real SMTP server and logs it', async () => {
    const { app, admin } = await setup();
    const saved = json<EmailConfigurationItem>(await admin.post('/api/admin/email-configurations', configuration()));
    const before = smtp.received.length;
    const sent = await admin.post(`/api/admin/email-configurations/${saved.id}/send-test`, { email: 'leitung@example.de' });
    expect(sent.json()).toEqual({ ok: true, message: 'Die Test-E-Mail an leitung@example.de wurde versendet.' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo).toEqual(['leitung@example.de']);
    expect(mail?.parsed.subject).toBe('SaniDok: Test-E-Mail');
    expect(mail?.parsed.from?.value[0]).toEqual({ address: 'noreply@sanidok.example', name: 'SaniDok Benachrichtigung' });
    expect(mail?.parsed.text).toContain('Umlaute zur Kontrolle: Ä Ö Ü ä ö ü ß');

    expect((await admin.post(`/api/admin/email-configurations/${saved.id}/send-test`, { email: 'kein-adresse' })).statusCode).toBe(400);
    const broken = json<EmailConfigurationItem>(await admin.post('/api/admin/email-configurations', configuration({ name: 'Kaputt', port: await closedPort() })));
    const failed = await admin.post(`/api/admin/email-configurations/${broken.id}/send-test`, { email: 'leitung@example.de' });
    expect(failed.statusCode).toBe(502);
    expect(json<ApiErrorBody>(failed).message).toMatch(/^Die E-Mail konnte nicht versendet werden: .*ECONNREFUSED/);
    expect((await logs(app)).map((l) => [l.toEmail, l.status, l.subject])).toEqual([
      ['leitung@example.de', 'sent', 'SaniDok: Test-E-Mail'],
      ['leitung@example.de', 'error', 'SaniDok: Test-E-Mail'],
    ]);
    expect(json<EmailLogItem[]>(await admin.get('/api/admin/email-logs'))[0]).toMatchObject({ status: 'error', sentAt: null, errorMessage: stringWith('ECONNREFUSED') });
  });
});

describe('mails on events (real SMTP round trip)', () => {
  it('sends the German account_created template with umlauts after registration and logs it', async () => {
    const { app, admin } = await setup();
    await activeConfiguration(admin);
    const before = smtp.received.length;
    const response = await admin.request({
      method: 'POST', url: '/api/register',
      payload: { username: 'juergen', email: 'juergen@example.de', password: 'Geheim-Sani-42', fullName: 'Jürgen Müller-Lüdenscheidt' },
    });
    expect(response.statusCode).toBe(200);
    await app.mailer.flush();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo).toEqual(['juergen@example.de']);
    expect(mail?.parsed.subject).toBe('Willkommen bei SaniDok, Jürgen Müller-Lüdenscheidt');
    expect(mail?.parsed.html).toContain('<p>Hallo Jürgen Müller-Lüdenscheidt,</p>');
    expect(mail?.parsed.html).toContain('Ihr Benutzername lautet juergen.');
    expect(mail?.parsed.text).toContain('Mit freundlichen Grüßen\nIhr SaniDok-Team');
    const [log] = await logs(app);
    expect(log).toMatchObject({ toEmail: 'juergen@example.de', fromEmail: 'noreply@sanidok.example', templateName: 'account_created', status: 'sent', errorMessage: null });
    expect(log?.sentAt).not.toBeNull();
    expect(await app.db.selectFrom('emailOutbox').selectAll().execute()).toHaveLength(0);
  });

  it('escapes variables in the HTML body (block reason) and sends blocking, invitation and service mails', async () => {
    const { app, admin } = await setup();
    await activeConfiguration(admin);
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner, 'DRK Süd & Co');
    await addMember(app, owner, orgId, 'mona');
    const service = await createServiceVia(owner, orgId, { startDate: new Date(Date.now() - 7_200_000).toISOString(), endDate: new Date(Date.now() - 3_600_000).toISOString() });
    const monaId = (await app.db.selectFrom('users').select('id').where('username', '=', 'mona').executeTakeFirstOrThrow()).id;
    await admin.patch(`/api/admin/users/${monaId}/block`, { isBlocked: true, reason: '<script>alert("x")</script> Verstoß' });
    await owner.patch(`/api/services/${service.id}/archive`);
    await admin.patch(`/api/admin/organizations/${orgId}/block`, { isBlocked: true });
    await app.mailer.flush();

    const sent = await logs(app);
    expect([...new Set(sent.map((l) => l.templateName))].sort()).toEqual(['account_blocked', 'account_created', 'organization_blocked', 'organization_invitation', 'service_archived']);
    expect(sent.every((l) => l.status === 'sent')).toBe(true);
    const mails = smtp.received.filter((m) => m.envelopeTo.some((to) => to.endsWith('@example.de')));
    const blocked = mails.find((m) => m.parsed.subject === 'Ihr SaniDok-Konto wurde gesperrt');
    expect(blocked?.envelopeTo).toEqual(['mona@example.de']);
    expect(blocked?.parsed.html).toContain('Grund: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Verstoß');
    expect(blocked?.parsed.html).not.toContain('<script>');
    expect(blocked?.parsed.text).toContain('Grund: <script>alert("x")</script> Verstoß');
    const invitation = mails.find((m) => m.parsed.subject === 'Einladung in die Organisation „DRK Süd & Co“');
    expect(invitation?.parsed.html).toContain('olga hat Sie als Mitglied in die Organisation „DRK Süd &amp; Co“ eingeladen.');
    expect(mails.find((m) => m.parsed.subject === 'Sanitätsdienst „Stadtfest Musterstadt“ archiviert')?.envelopeTo).toEqual(['olga@example.de']);
    expect(mails.find((m) => m.parsed.subject === 'Organisation „DRK Süd & Co“ wurde gesperrt')?.parsed.text).toContain('Grund: Es wurde kein Grund angegeben.');
  });

  it('without an active configuration the action succeeds and the error is logged', async () => {
    const { app } = await setup();
    const anna = await registeredClient(app, 'anna');
    expect((await anna.get('/api/user')).statusCode).toBe(200);
    await app.mailer.flush();
    expect(await logs(app)).toEqual([
      expect.objectContaining({ toEmail: 'anna@example.de', templateName: 'account_created', status: 'error', sentAt: null, errorMessage: 'Keine aktive SMTP-Konfiguration. Die E-Mail wurde nicht versendet.' }),
    ]);
  });

  it('an unreachable SMTP server neither delays nor fails the action; the error is logged', async () => {
    const { app, admin } = await setup();
    await activeConfiguration(admin, { port: await closedPort() });
    const started = Date.now();
    expect((await registeredClient(app, 'bert')).hasSession).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    await app.mailer.flush();
    expect((await logs(app))[0]).toMatchObject({ templateName: 'account_created', status: 'error', errorMessage: stringWith('ECONNREFUSED') });
  });

  it('a rolled-back action queues nothing; a deactivated template switches its mail off', async () => {
    const { app, admin } = await setup();
    await activeConfiguration(admin);
    // A mail queued by an action whose transaction then fails is rolled back with it.
    const failing = app.db.transaction().execute(async (trx) => {
      await mailAccountCreated(trx, { username: 'ohne', fullName: null, email: 'ohne@example.de' });
      throw new Error('Aktion fehlgeschlagen');
    });
    await expect(failing).rejects.toThrow('Aktion fehlgeschlagen');
    await app.mailer.flush();
    expect(await logs(app)).toEqual([]);

    const template = json<EmailTemplateItem[]>(await admin.get('/api/admin/email-templates')).find((t) => t.name === 'account_created');
    if (!template) throw new Error('Vorlage account_created fehlt');
    await admin.patch(`/api/admin/email-templates/${template.id}`, { isActive: false });
    await registeredClient(app, 'stille');
    await app.mailer.flush();
    expect(await logs(app)).toEqual([]);
    expect(await app.db.selectFrom('emailOutbox').selectAll().execute()).toEqual([]);
  });
});

describe('admin: e-mail templates', () => {
  it('seeds the German default templates at first start', async () => {
    const { admin } = await setup();
    const templates = json<EmailTemplateItem[]>(await admin.get('/api/admin/email-templates'));
    // Every template type has its template, so every mail SaniDok sends can be edited here.
    expect(templates.map((t: { name: string }) => t.name).sort()).toEqual([...emailTemplateTypes].sort());
    expect(templates.find((t: { name: string }) => t.name === 'service_blocked')).toMatchObject({
      subject: 'Sanitätsdienst „{{serviceName}}“ wurde gesperrt', isActive: true, variables: ['userName', 'organizationName', 'serviceName', 'reason'],
    });
  });

  it('creates, edits, previews with escaped values in a sandbox, and deletes', async () => {
    const { app, admin } = await setup();
    const missing = await admin.post('/api/admin/email-templates', { name: '', subject: '' });
    expect(missing.json()).toMatchObject({ message: 'Name und Betreff sind erforderlich' });
    const created = await admin.post('/api/admin/email-templates', {
      name: 'hinweis', subject: 'Hinweis für {{userName}}', htmlBody: '<p>Grund: <b>{{reason}}</b></p>', textBody: 'Grund: {{reason}}',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'hinweis', variables: ['userName', 'reason'], isActive: true });
    expect((await admin.post('/api/admin/email-templates', { name: 'hinweis', subject: 'x' })).statusCode).toBe(409);

    const { id } = json<{ id: number }>(created);
    const preview = await admin.get(`/api/admin/email-templates/${id}/preview?reason=${encodeURIComponent('<img src=x onerror=alert(1)> & Co')}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preview.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(preview.body).toContain('<p>Grund: <b>&lt;img src=x onerror=alert(1)&gt; &amp; Co</b></p>');
    expect(preview.body).toContain('<strong>Betreff:</strong> Hinweis für Erika Mustermann');
    expect(preview.body).not.toContain('<img src=x');

    const edited = await admin.patch(`/api/admin/email-templates/${id}`, { subject: 'Neu: {{serviceName}}', isActive: false });
    expect(edited.json()).toMatchObject({ subject: 'Neu: {{serviceName}}', isActive: false, variables: ['serviceName', 'reason'] });
    expect((await del(admin, `/api/admin/email-templates/${id}`)).json()).toEqual({ ok: true });
    expect((await admin.get(`/api/admin/email-templates/${id}/preview`)).statusCode).toBe(404);
    expect(await auditActions(app)).toEqual(['email_template.create', 'email_template.update', 'email_template.delete']);
  });
});
