import type { FastifyPluginAsync } from 'fastify';
import { listAccessLogs } from '../../domain/accessLogs/queries';
import { createOrganization, inviteMember, removeMember } from '../../domain/organizations/commands';
import { listMembers, listMyOrganizations } from '../../domain/organizations/queries';
import { commandContext } from '../../plugins/session';

interface OrgParams { id: string }

/** Organisations of spec 1 §7; authorisation lives in domain/organizations/policy.ts. */
export const organizationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizations', async (request) => listMyOrganizations(commandContext(app, request)));

  app.post('/organizations', async (request, reply) => {
    const created = await createOrganization(commandContext(app, request), request.body);
    return reply.status(201).send(created);
  });

  app.get<{ Params: OrgParams }>('/organizations/:id/members', async (request) =>
    listMembers(commandContext(app, request), request.params.id));

  app.post<{ Params: OrgParams }>('/organizations/:id/invite', async (request, reply) => {
    const invitation = await inviteMember(commandContext(app, request), request.params.id, request.body);
    return reply.status(201).send(invitation);
  });

  app.delete<{ Params: OrgParams & { userId: string } }>('/organizations/:id/members/:userId', async (request) => {
    await removeMember(commandContext(app, request), request.params.id, request.params.userId);
    return { ok: true };
  });

  app.get<{ Params: OrgParams }>('/organizations/:id/access-logs', async (request) =>
    listAccessLogs(commandContext(app, request), request.params.id));
};
