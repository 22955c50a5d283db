import type { FastifyPluginAsync } from 'fastify';
import { dashboardStats } from '../../domain/stats/dashboard';
import { requireUser } from '../../plugins/session';

export const statsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/stats/dashboard', async (request) => dashboardStats(app.db, requireUser(request)));
};
