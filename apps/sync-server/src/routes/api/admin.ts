import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { listArchiveAccessFailures } from '../../domain/admin/archiveFailures';
import { listAuditLog } from '../../domain/audit';
import { generateBetaCode, getBetaMode, listBetaCodes, listBetaCodeUsage, toggleBetaCode, updateBetaMode } from '../../domain/admin/betaCodes';
import { deleteOrganization, setOrganizationBlocked } from '../../domain/admin/organizations';
import { requirePlatformAdmin } from '../../domain/admin/policy';
import { adminSummary, listAdminOrganizations, listAdminServices, listAdminUsers } from '../../domain/admin/queries';
import { deleteService, setServiceBlocked } from '../../domain/admin/services';
import { deleteUser, resetUserPassword, setUserBlocked } from '../../domain/admin/users';
import type { CommandContext } from '../../domain/context';
import { commandContext, requestContext } from '../../plugins/session';

interface IdParams { id: string }

/** Guards every route of the plugin it is called in: platform admins only (401/403, refusals audited). */
export function addAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    await requirePlatformAdmin(app.db, request.user, { method: request.method, path: request.url.split('?')[0] ?? request.url, request: requestContext(request) });
  });
}

/** Admin area of spec 1 §7: accounts, organisations, services, beta codes, archive failures, audit. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  addAdminGuard(app);
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);

  app.get('/admin/summary', async () => adminSummary(app.db));
  app.get('/admin/users', async (request) => listAdminUsers(app.db, request.query));
  app.get('/admin/organizations', async (request) => listAdminOrganizations(app.db, request.query));
  app.get('/admin/services', async (request) => listAdminServices(app.db, request.query));
  app.get('/admin/archive-access-failures', async () => listArchiveAccessFailures(app.db));
  app.get('/admin/audit-log', async () => listAuditLog(app.db));

  app.post<{ Params: { userId: string } }>('/admin/users/:userId/reset-password', async (request) =>
    resetUserPassword(ctx(request), request.params.userId, request.body, request.sessionId ?? undefined));
  app.patch<{ Params: { userId: string } }>('/admin/users/:userId/block', async (request) => setUserBlocked(ctx(request), request.params.userId, request.body));
  app.delete<{ Params: { userId: string } }>('/admin/users/:userId', async (request) => deleteUser(ctx(request), request.params.userId));

  app.patch<{ Params: { orgId: string } }>('/admin/organizations/:orgId/block', async (request) =>
    setOrganizationBlocked(ctx(request), request.params.orgId, request.body));
  app.delete<{ Params: { orgId: string } }>('/admin/organizations/:orgId', async (request) =>
    deleteOrganization(ctx(request), request.params.orgId, request.body));

  app.patch<{ Params: { serviceId: string } }>('/admin/services/:serviceId/block', async (request) =>
    setServiceBlocked(ctx(request), request.params.serviceId, request.body));
  app.delete<{ Params: { serviceId: string } }>('/admin/services/:serviceId', async (request) =>
    deleteService(ctx(request), request.params.serviceId, request.body));

  app.get('/admin/beta-mode', async () => getBetaMode(app.db));
  app.post('/admin/beta-mode', async (request) => updateBetaMode(ctx(request), request.body));
  app.get('/admin/beta-codes', async () => listBetaCodes(app.db));
  app.post('/admin/beta-codes/generate', async (request, reply) => reply.status(201).send(await generateBetaCode(ctx(request), request.body)));
  app.patch<{ Params: IdParams }>('/admin/beta-codes/:id/toggle', async (request) => toggleBetaCode(ctx(request), request.params.id, request.body));
  app.get('/admin/beta-code-usage', async () => listBetaCodeUsage(app.db));
};
