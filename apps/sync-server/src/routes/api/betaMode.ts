import type { BetaModeResponse } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { isBetaModeEnabled } from '../../domain/settings/systemSettings';

/** Public: the registration form asks whether to show the beta-code field. */
export const betaModeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/beta-mode', async (): Promise<BetaModeResponse> => ({ betaModeEnabled: await isBetaModeEnabled(app.db) }));
};
