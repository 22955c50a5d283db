import type { FastifyPluginAsync } from 'fastify';
import { pullChanges } from '../../domain/sync/pull';
import { pushMutations } from '../../domain/sync/push';
import { commandContext } from '../../plugins/session';

/** The two sync endpoints (docs/sync-protocol.md). */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  app.post('/sync/push', async (request) =>
    pushMutations(commandContext(app, request), request.body));

  app.get('/sync/pull', async (request) => pullChanges(commandContext(app, request), request.query));
};
