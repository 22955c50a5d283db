import type { FastifyPluginAsync } from 'fastify';
import { pullChanges } from '../../domain/sync/pull';
import { pushMutations } from '../../domain/sync/push';
import { requestContext, requireUser } from '../../plugins/session';

/** The two sync endpoints (docs/sync-protocol.md). */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  app.post('/sync/push', async (request) =>
    pushMutations(app.db, { user: requireUser(request), request: requestContext(request) }, request.body));

  app.get('/sync/pull', async (request) => pullChanges(app.db, requireUser(request), request.query));
};
