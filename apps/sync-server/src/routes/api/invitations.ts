import type { FastifyPluginAsync } from 'fastify';
import { respondToInvitation } from '../../domain/organizations/commands';
import { listMyInvitations } from '../../domain/organizations/queries';
import { commandContext } from '../../plugins/session';

/** Pending invitations addressed to the signed-in user, and the answer to one. */
export const invitationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/invitations', async (request) => listMyInvitations(commandContext(app, request)));

  app.post<{ Params: { id: string } }>('/invitations/:id/respond', async (request) =>
    respondToInvitation(commandContext(app, request), request.params.id, request.body));
};
