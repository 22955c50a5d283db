import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { commandContext } from '../../plugins/session';
import { addAdminGuard } from './admin';

interface IdParams { id: string }

/**
 * The preview shows admin-written HTML: it runs sandboxed (no scripts, no forms, no requests but
 * inline styles and data images), on top of the app's own CSP.
 */
const previewPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** E-mail tab of the admin area (spec 1 §7 Admin): SMTP configurations, templates, logs. */
export const adminEmailRoutes: FastifyPluginAsync = async (app) => {
  addAdminGuard(app);
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);

  app.get('/admin/email-configurations', async () => listEmailConfigurations(app.db));
  app.post('/admin/email-configurations', async (request, reply) => reply.status(201).send(await createEmailConfiguration(ctx(request), request.body)));
  app.patch<{ Params: IdParams }>('/admin/email-configurations/:id', async (request) => updateEmailConfiguration(ctx(request), request.params.id, request.body));
  app.delete<{ Params: IdParams }>('/admin/email-configurations/:id', async (request) => deleteEmailConfiguration(ctx(request), request.params.id));
  app.post('/admin/test-email', async (request) => testEmailConnection(ctx(request), request.body));
  app.post<{ Params: { configId: string } }>('/admin/email-configurations/:configId/send-test', async (request) =>
    sendTestEmail(ctx(request), request.params.configId, request.body));

  app.get('/admin/email-templates', async () => listEmailTemplates(app.db));
  app.post('/admin/email-templates', async (request, reply) => reply.status(201).send(await createEmailTemplate(ctx(request), request.body)));
  app.patch<{ Params: IdParams }>('/admin/email-templates/:id', async (request) => updateEmailTemplate(ctx(request), request.params.id, request.body));
  app.delete<{ Params: IdParams }>('/admin/email-templates/:id', async (request) => deleteEmailTemplate(ctx(request), request.params.id));
  app.get<{ Params: IdParams }>('/admin/email-templates/:id/preview', async (request, reply) => {
    const page = await previewEmailTemplate(app.db, request.params.id, request.query);
    return reply.header('Content-Security-Policy', previewPolicy).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
  });

  app.get('/admin/email-logs', async () => listEmailLogs(app.db));
};
