import { idParams, invitationAnsweredReply, invitationReply, respondInvitationSchema } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { respondToInvitation } from '../../domain/organizations/commands';
import { listMyInvitations } from '../../domain/organizations/queries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Pending invitations addressed to the signed-in user, and the answer to one. */
export const invitationRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.organizations];

  app.get('/invitations', { schema: { tags, summary: 'Offene Einladungen an mich', response: replies({ 200: z.array(invitationReply) }) } }, async (request) =>
    listMyInvitations(commandContext(app, request)));

  app.post('/invitations/:id/respond', {
    schema: { tags, summary: 'Einladung annehmen oder ablehnen', params: idParams, body: documentedOnly(respondInvitationSchema), response: replies({ 200: invitationAnsweredReply }) },
  }, async (request) => respondToInvitation(commandContext(app, request), request.params.id, request.body));
  return Promise.resolve();
};
