import type { FastifyPluginAsync } from 'fastify';
import { dashboardStats } from '../../domain/stats/dashboard';
import { commandContext } from '../../plugins/session';

export const statsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/stats/dashboard', async (request) => dashboardStats(commandContext(app, request)));
};
