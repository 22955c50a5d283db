import type { FastifyPluginAsync } from 'fastify';
import { issueArchiveChallenge } from '../../domain/archive/challenges';
import { rotateOrganizationKey } from '../../domain/archive/keyRotation';
import { openArchiveService } from '../../domain/archive/open';
import { listArchiveServices } from '../../domain/archive/services';
import { commandContext } from '../../plugins/session';

interface OrgParams { orgId: string }
interface ServiceParams extends OrgParams { serviceId: string }

/**
 * The patient archive of spec 1 §7 (domain/archive): owner only. The organisation key never
 * travels: the browser proves it holds the key by signing a challenge and opens the sealed
 * records itself. A wrong proof answers 403 with the failure count (spec 1 §8).
 */
export const archiveRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: OrgParams }>('/organizations/:orgId/archive/services', async (request) =>
    listArchiveServices(commandContext(app, request), request.params.orgId));

  app.post<{ Params: ServiceParams }>('/organizations/:orgId/archive/services/:serviceId/challenge', async (request, reply) =>
    reply.status(201).send(await issueArchiveChallenge(commandContext(app, request), request.params.orgId, request.params.serviceId, request.body)));

  app.post<{ Params: ServiceParams }>('/organizations/:orgId/archive/services/:serviceId/protocols', async (request, reply) => {
    const result = await openArchiveService(commandContext(app, request), request.params.orgId, request.params.serviceId, request.body);
    return reply.status(result.ok ? 200 : 403).send(result.body);
  });

  app.post<{ Params: OrgParams }>('/organizations/:orgId/generate-key', async (request) =>
    rotateOrganizationKey(commandContext(app, request), request.params.orgId, request.body));
};
