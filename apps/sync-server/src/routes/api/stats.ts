import { dashboardStatsReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { dashboardStats } from '../../domain/stats/dashboard';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Counts of the dashboard cards. */
export const statsRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  app.get('/stats/dashboard', { schema: { tags: [apiTags.services], summary: 'Zahlen für die Übersicht', response: replies({ 200: dashboardStatsReply }) } }, async (request) =>
    dashboardStats(commandContext(app, request)));
  return Promise.resolve();
};
