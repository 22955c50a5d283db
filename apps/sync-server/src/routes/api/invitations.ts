import { idParams, invitationAnsweredReply, invitationMessageReply, invitationReply, openInvitationReply, organizationInvitationParams, respondInvitationSchema } from '@sanidok/schema';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { linkOrigin } from '../../config/config';
import type { InvitationSettings } from '../../domain/organizations/invitationCommands';
import { resendInvitation, respondToInvitation, revokeInvitation } from '../../domain/organizations/invitationCommands';
import { listMyInvitations, listOpenInvitations } from '../../domain/organizations/invitationQueries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Limits and the app's address for invitation mails (the link a mail to a new address carries). */
export const invitationSettings = (app: FastifyInstance): InvitationSettings => ({
  limits: app.config.invitationLimits,
  appUrl: linkOrigin(app.config),
});

/**
 * Invitations that reach the signed-in user and the answer to one; an organisation's open
 * invitations for owner and admins, sent again or withdrawn (domain/organizations/invitationCommands.ts).
 */
export const invitationRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.organizations];

  app.get('/invitations', { schema: { tags, summary: 'Offene Einladungen an mich', response: replies({ 200: z.array(invitationReply) }) } }, async (request) =>
    listMyInvitations(commandContext(app, request)));

  app.post('/invitations/:id/respond', {
    schema: { tags, summary: 'Einladung annehmen oder ablehnen', params: idParams, body: documentedOnly(respondInvitationSchema), response: replies({ 200: invitationAnsweredReply }) },
  }, async (request) => respondToInvitation(commandContext(app, request), request.params.id, request.body));

  app.get('/organizations/:id/invitations', {
    schema: { tags, summary: 'Offene Einladungen einer Organisation (Inhaber, Administratoren)', params: idParams, response: replies({ 200: z.array(openInvitationReply) }) },
  }, async (request) => listOpenInvitations(commandContext(app, request), request.params.id));

  app.post('/organizations/:id/invitations/:invitationId/resend', {
    schema: { tags, summary: 'Einladung erneut senden', params: organizationInvitationParams, response: replies({ 200: invitationMessageReply }) },
  }, async (request) => resendInvitation(commandContext(app, request), request.params.id, request.params.invitationId, invitationSettings(app)));

  app.delete('/organizations/:id/invitations/:invitationId', {
    schema: { tags, summary: 'Einladung zurückziehen', params: organizationInvitationParams, response: replies({ 200: invitationMessageReply }) },
  }, async (request) => revokeInvitation(commandContext(app, request), request.params.id, request.params.invitationId));
  return Promise.resolve();
};
