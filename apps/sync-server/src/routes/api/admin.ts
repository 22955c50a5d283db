import {
  adminAlertReply,
  adminBlockSchema,
  adminDeleteReply,
  adminDeleteSchema,
  adminOrganizationReply,
  adminResetPasswordSchema,
  adminSearchSchema,
  adminServiceReply,
  adminSummaryReply,
  adminUserReply,
  archiveAccessFailureReply,
  auditEntryReply,
  betaCodeGenerateSchema,
  betaCodeReply,
  betaCodeToggleSchema,
  betaCodeUsageReply,
  betaModeReply,
  betaModeUpdateSchema,
  operatorDetailsReply,
  operatorDetailsSchema,
  idParams,
  okReply,
  orgIdParams,
  serviceIdParams,
  userIdParams,
} from '@sanidok/schema';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listAdminAlerts, markAdminAlertRead } from '../../domain/admin/alerts';
import { listArchiveAccessFailures } from '../../domain/admin/archiveFailures';
import { listAuditLog } from '../../domain/audit';
import { getOperatorDetails, setOperatorDetails } from '../../domain/settings/operatorDetails';
import { generateBetaCode, getBetaMode, listBetaCodes, listBetaCodeUsage, toggleBetaCode, updateBetaMode } from '../../domain/admin/betaCodes';
import { deleteOrganization, setOrganizationBlocked } from '../../domain/admin/organizations';
import { requirePlatformAdmin } from '../../domain/admin/policy';
import { adminSummary, listAdminOrganizations, listAdminServices, listAdminUsers } from '../../domain/admin/queries';
import { deleteService, setServiceBlocked } from '../../domain/admin/services';
import { deleteUser, resetUserPassword, setUserBlocked } from '../../domain/admin/users';
import type { CommandContext } from '../../domain/context';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext, requestContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Guards every route of the plugin it is called in: platform admins only (401/403, refusals audited). */
export function addAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    await requirePlatformAdmin(app.db, request.user, { method: request.method, path: request.url.split('?')[0] ?? request.url, request: requestContext(request) });
  });
}

// Routes with a path parameter find their target first (404), then validate the body: documented here, checked there.
const blockBody = documentedOnly(adminBlockSchema);
const deleteBody = documentedOnly(adminDeleteSchema);

/** Admin area of docs/spec/accounts.md §7: accounts, organisations, services, beta codes, archive failures, audit. */
export const adminRoutes: FastifyPluginAsync = (fastify) => {
  addAdminGuard(fastify);
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.admin];
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);
  const search = adminSearchSchema;

  app.get('/admin/summary', { schema: { tags, summary: 'Zahlen der Plattform', response: replies({ 200: adminSummaryReply }) } }, async () => adminSummary(app.db));
  app.get('/admin/users', { schema: { tags, summary: 'Konten', querystring: search, response: replies({ 200: z.array(adminUserReply) }) } }, async (request) =>
    listAdminUsers(app.db, request.query));
  app.get('/admin/organizations', {
    schema: { tags, summary: 'Organisationen', querystring: search, response: replies({ 200: z.array(adminOrganizationReply) }) },
  }, async (request) => listAdminOrganizations(app.db, request.query));
  app.get('/admin/services', { schema: { tags, summary: 'Dienste', querystring: search, response: replies({ 200: z.array(adminServiceReply) }) } }, async (request) =>
    listAdminServices(app.db, request.query));
  app.get('/admin/archive-access-failures', {
    schema: { tags, summary: 'Fehlgeschlagene Archivzugriffe', response: replies({ 200: z.array(archiveAccessFailureReply) }) },
  }, async () => listArchiveAccessFailures(app.db));
  app.get('/admin/alerts', { schema: { tags, summary: 'Posteingang der Plattform-Administratoren', response: replies({ 200: z.array(adminAlertReply) }) } }, async () =>
    listAdminAlerts(app.db));
  app.patch('/admin/alerts/:id/read', { schema: { tags, summary: 'Meldung als gelesen markieren', params: idParams, response: replies({ 200: adminAlertReply }) } }, async (request) =>
    markAdminAlertRead(ctx(request), request.params.id));
  app.get('/admin/audit-log', { schema: { tags, summary: 'Audit-Log der Administration', response: replies({ 200: z.array(auditEntryReply) }) } }, async () =>
    listAuditLog(app.db));

  app.post('/admin/users/:userId/reset-password', {
    schema: { tags, summary: 'Passwort eines Kontos zurücksetzen', params: userIdParams, body: documentedOnly(adminResetPasswordSchema), response: replies({ 200: okReply }) },
  }, async (request) => resetUserPassword(ctx(request), request.params.userId, request.body, request.sessionId ?? undefined));
  app.patch('/admin/users/:userId/block', {
    schema: { tags, summary: 'Konto sperren oder entsperren', params: userIdParams, body: blockBody, response: replies({ 200: adminUserReply }) },
  }, async (request) => setUserBlocked(ctx(request), request.params.userId, request.body));
  app.delete('/admin/users/:userId', { schema: { tags, summary: 'Konto löschen', params: userIdParams, response: replies({ 200: okReply }) } }, async (request) =>
    deleteUser(ctx(request), request.params.userId));

  app.patch('/admin/organizations/:orgId/block', {
    schema: { tags, summary: 'Organisation sperren oder entsperren', params: orgIdParams, body: blockBody, response: replies({ 200: adminOrganizationReply }) },
  }, async (request) => setOrganizationBlocked(ctx(request), request.params.orgId, request.body));
  app.delete('/admin/organizations/:orgId', {
    schema: { tags, summary: 'Organisation löschen (Name zur Bestätigung)', params: orgIdParams, body: deleteBody, response: replies({ 200: adminDeleteReply }) },
  }, async (request) => deleteOrganization(ctx(request), request.params.orgId, request.body));

  app.patch('/admin/services/:serviceId/block', {
    schema: { tags, summary: 'Dienst sperren oder entsperren', params: serviceIdParams, body: blockBody, response: replies({ 200: adminServiceReply }) },
  }, async (request) => setServiceBlocked(ctx(request), request.params.serviceId, request.body));
  app.delete('/admin/services/:serviceId', {
    schema: { tags, summary: 'Dienst löschen (Name zur Bestätigung)', params: serviceIdParams, body: deleteBody, response: replies({ 200: adminDeleteReply }) },
  }, async (request) => deleteService(ctx(request), request.params.serviceId, request.body));

  app.get('/admin/operator-details', { schema: { tags, summary: 'Betreiberangaben (Impressum, Datenschutz)', response: replies({ 200: operatorDetailsReply }) } }, async () =>
    getOperatorDetails(app.db));
  app.put('/admin/operator-details', {
    schema: { tags, summary: 'Betreiberangaben speichern', body: operatorDetailsSchema, response: replies({ 200: operatorDetailsReply }) },
  }, async (request) => setOperatorDetails(ctx(request), request.body));
  app.get('/admin/beta-mode', { schema: { tags, summary: 'Beta-Modus abfragen', response: replies({ 200: betaModeReply }) } }, async () => getBetaMode(app.db));
  app.post('/admin/beta-mode', { schema: { tags, summary: 'Beta-Modus schalten', body: betaModeUpdateSchema, response: replies({ 200: betaModeReply }) } }, async (request) =>
    updateBetaMode(ctx(request), request.body));
  app.get('/admin/beta-codes', { schema: { tags, summary: 'Beta-Codes', response: replies({ 200: z.array(betaCodeReply) }) } }, async () => listBetaCodes(app.db));
  app.post('/admin/beta-codes/generate', {
    schema: { tags, summary: 'Beta-Code erzeugen', body: betaCodeGenerateSchema, response: replies({ 201: betaCodeReply }) },
  }, async (request, reply) => reply.status(201).send(await generateBetaCode(ctx(request), request.body)));
  app.patch('/admin/beta-codes/:id/toggle', {
    schema: { tags, summary: 'Beta-Code aktivieren oder deaktivieren', params: idParams, body: documentedOnly(betaCodeToggleSchema), response: replies({ 200: betaCodeReply }) },
  }, async (request) => toggleBetaCode(ctx(request), request.params.id, request.body));
  app.get('/admin/beta-code-usage', { schema: { tags, summary: 'Einlösungen der Beta-Codes', response: replies({ 200: z.array(betaCodeUsageReply) }) } }, async () =>
    listBetaCodeUsage(app.db));
  return Promise.resolve();
};
