import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account';
import { betaModeRoutes } from './betaMode';
import { healthRoutes } from './health';

/** Every REST resource under /api; one plugin each. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(betaModeRoutes);
};
