import {
  apiErrorReply,
  archiveChallengeReply,
  archiveKeyFailureReply,
  archiveProofRequestSchema,
  archiveProtocolsReply,
  archiveServiceReply,
  organizationReply,
  orgIdParams,
  orgServiceParams,
  rotateOrganizationKeySchema,
} from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { issueArchiveChallenge } from '../../domain/archive/challenges';
import { rotateOrganizationKey } from '../../domain/archive/keyRotation';
import { openArchiveService } from '../../domain/archive/open';
import { listArchiveServices } from '../../domain/archive/services';
import { apiTags } from '../../plugins/apiDocs';
import { limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * The patient archive of docs/spec/accounts.md §7 (domain/archive): owner only. The organisation key never
 * travels: the browser proves it holds the key by signing a challenge and opens the sealed
 * records itself. A wrong proof answers 403 with the failure count (docs/spec/accounts.md §8).
 */
export const archiveRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.archive];

  app.get('/organizations/:orgId/archive/services', {
    schema: { tags, summary: 'Dienste mit versiegelten Protokollen', params: orgIdParams, response: replies({ 200: z.array(archiveServiceReply) }) },
  }, async (request) => listArchiveServices(commandContext(app, request), request.params.orgId));

  // The body is refused when it carries a secret (refuseSecret in domain/archive/access.ts); it carries nothing else.
  app.post('/organizations/:orgId/archive/services/:serviceId/challenge', {
    schema: { tags, summary: 'Herausforderung für den Schlüsselnachweis', params: orgServiceParams, response: replies({ 201: archiveChallengeReply }) },
  }, async (request, reply) =>
    reply.status(201).send(await issueArchiveChallenge(commandContext(app, request), request.params.orgId, request.params.serviceId, request.body)));

  app.post('/organizations/:orgId/archive/services/:serviceId/protocols', {
    schema: {
      tags,
      summary: 'Versiegelte Protokolle gegen den Schlüsselnachweis',
      params: orgServiceParams,
      body: documentedOnly(archiveProofRequestSchema),
      response: { ...replies({ 200: archiveProtocolsReply }), 403: z.union([archiveKeyFailureReply, apiErrorReply]) },
    },
  }, async (request, reply) => {
    const result = await openArchiveService(commandContext(app, request), request.params.orgId, request.params.serviceId, request.body);
    return reply.status(result.ok ? 200 : 403).send(result.body);
  });

  app.post('/organizations/:orgId/generate-key', {
    schema: { tags, summary: 'Organisationsschlüssel wechseln', params: orgIdParams, body: documentedOnly(rotateOrganizationKeySchema), response: replies({ 200: organizationReply }) },
  }, (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => rotateOrganizationKey(ctx, request.params.orgId, request.body));
  });
  return Promise.resolve();
};
