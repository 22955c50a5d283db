import {
  apiErrorReply,
  configIdParams,
  emailConfigurationReply,
  emailConfigurationSchema,
  emailConfigurationUpdateSchema,
  emailConnectionTestSchema,
  emailLogReply,
  emailTemplateReply,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  idParams,
  okMessageReply,
  okReply,
  sendTestEmailSchema,
} from '@sanidok/schema';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandContext } from '../../domain/context';
import {
  createEmailConfiguration,
  deleteEmailConfiguration,
  listEmailConfigurations,
  sendTestEmail,
  testEmailConnection,
  updateEmailConfiguration,
} from '../../domain/mail/configurations';
import { listEmailLogs } from '../../domain/mail/logs';
import { createEmailTemplate, deleteEmailTemplate, listEmailTemplates, previewEmailTemplate, updateEmailTemplate } from '../../domain/mail/templates';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { addAdminGuard } from './admin';
import { replies } from './replies';

/**
 * The preview shows admin-written HTML: it runs sandboxed (no scripts, no forms, no requests but
 * inline styles and data images), on top of the app's own CSP.
 */
const previewPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Sample values of the template's variables, by name (domain/mail/templates.ts reads them leniently).
const previewQuery = documentedOnly(z.looseObject({}).meta({ description: 'Beispielwerte der Variablen, je Name' }));
// The mail server's refusal or silence is a 502 (domain/mail/configurations.ts), not the admin's 4xx.
const mailReplies = replies({ 200: okMessageReply, 502: apiErrorReply });
const htmlReply = { description: 'Vorschau als HTML-Seite', content: { 'text/html': { schema: z.string() } } };

/** E-mail tab of the admin area (docs/spec/accounts.md §7 Admin): SMTP configurations, templates, logs. */
export const adminEmailRoutes: FastifyPluginAsync = (fastify) => {
  addAdminGuard(fastify);
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.adminEmail];
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);

  app.get('/admin/email-configurations', {
    schema: { tags, summary: 'SMTP-Konfigurationen (ohne Passwort)', response: replies({ 200: z.array(emailConfigurationReply) }) },
  }, async () => listEmailConfigurations(app.db));
  app.post('/admin/email-configurations', {
    schema: { tags, summary: 'SMTP-Konfiguration anlegen', body: emailConfigurationSchema, response: replies({ 201: emailConfigurationReply }) },
  }, async (request, reply) => reply.status(201).send(await createEmailConfiguration(ctx(request), request.body)));
  app.patch('/admin/email-configurations/:id', {
    schema: { tags, summary: 'SMTP-Konfiguration ändern', params: idParams, body: documentedOnly(emailConfigurationUpdateSchema), response: replies({ 200: emailConfigurationReply }) },
  }, async (request) => updateEmailConfiguration(ctx(request), request.params.id, request.body));
  app.delete('/admin/email-configurations/:id', { schema: { tags, summary: 'SMTP-Konfiguration löschen', params: idParams, response: replies({ 200: okReply }) } }, async (request) =>
    deleteEmailConfiguration(ctx(request), request.params.id));
  app.post('/admin/test-email', {
    schema: { tags, summary: 'SMTP-Verbindung prüfen', body: emailConnectionTestSchema, response: mailReplies },
  }, async (request) => testEmailConnection(ctx(request), request.body));
  app.post('/admin/email-configurations/:configId/send-test', {
    schema: { tags, summary: 'Test-E-Mail senden', params: configIdParams, body: documentedOnly(sendTestEmailSchema), response: mailReplies },
  }, async (request) => sendTestEmail(ctx(request), request.params.configId, request.body));

  app.get('/admin/email-templates', { schema: { tags, summary: 'E-Mail-Vorlagen', response: replies({ 200: z.array(emailTemplateReply) }) } }, async () =>
    listEmailTemplates(app.db));
  app.post('/admin/email-templates', {
    schema: { tags, summary: 'E-Mail-Vorlage anlegen', body: emailTemplateSchema, response: replies({ 201: emailTemplateReply }) },
  }, async (request, reply) => reply.status(201).send(await createEmailTemplate(ctx(request), request.body)));
  app.patch('/admin/email-templates/:id', {
    schema: { tags, summary: 'E-Mail-Vorlage ändern', params: idParams, body: documentedOnly(emailTemplateUpdateSchema), response: replies({ 200: emailTemplateReply }) },
  }, async (request) => updateEmailTemplate(ctx(request), request.params.id, request.body));
  app.delete('/admin/email-templates/:id', { schema: { tags, summary: 'E-Mail-Vorlage löschen', params: idParams, response: replies({ 200: okReply }) } }, async (request) =>
    deleteEmailTemplate(ctx(request), request.params.id));
  app.get('/admin/email-templates/:id/preview', {
    schema: { tags, summary: 'Vorschau einer Vorlage (HTML, abgeschottet)', params: idParams, querystring: previewQuery, response: replies({ 200: htmlReply }) },
  }, async (request, reply) => {
    const page = await previewEmailTemplate(app.db, request.params.id, request.query);
    return reply.header('Content-Security-Policy', previewPolicy).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
  });

  app.get('/admin/email-logs', { schema: { tags, summary: 'Versandprotokoll', response: replies({ 200: z.array(emailLogReply) }) } }, async () => listEmailLogs(app.db));
  return Promise.resolve();
};
