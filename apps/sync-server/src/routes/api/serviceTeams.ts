import { idParams, joinServiceSchema, serviceReply, serviceTeamMemberReply, setServiceTeamSchema } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { getServiceTeam, joinService, regenerateAccessCode, setServiceTeam } from '../../domain/services/team';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * The service team (Einteilung) and its access code: docs/security.md "Patient data
 * follows the team". Wrong codes count per user and service (app.accessCodeAttempts).
 */
export const serviceTeamRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.services];
  const team = replies({ 200: z.array(serviceTeamMemberReply) });

  app.get('/services/:id/team', { schema: { tags, summary: 'Team (Einteilung) eines Dienstes', params: idParams, response: team } }, async (request) =>
    getServiceTeam(commandContext(app, request), request.params.id));
  app.put('/services/:id/team', {
    schema: { tags, summary: 'Team festlegen (Inhaber, Administratoren)', params: idParams, body: setServiceTeamSchema, response: team },
  }, async (request) => setServiceTeam(commandContext(app, request), request.params.id, request.body));
  app.post('/services/:id/join', {
    schema: { tags, summary: 'Mit dem Zugangscode dem Team beitreten', params: idParams, body: joinServiceSchema, response: replies({ 200: serviceTeamMemberReply }) },
  }, async (request) => joinService(commandContext(app, request), request.params.id, request.body, app.accessCodeAttempts));
  app.post('/services/:id/access-code', {
    schema: { tags, summary: 'Neuen Zugangscode erzeugen (Inhaber, Administratoren)', params: idParams, response: replies({ 200: serviceReply }) },
  }, async (request) => regenerateAccessCode(commandContext(app, request), request.params.id));
  return Promise.resolve();
};
