import type { BetaModeResponse } from '@sanidok/schema';
import { betaModeReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { isBetaModeEnabled } from '../../domain/settings/systemSettings';
import { apiTags } from '../../plugins/apiDocs';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Public: the registration form asks whether to show the beta-code field. */
export const betaModeRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const schema = { tags: [apiTags.account], summary: 'Ob die Registrierung einen Beta-Code verlangt', response: replies({ 200: betaModeReply }) };
  app.get('/beta-mode', { schema, config: { public: true } }, async (): Promise<BetaModeResponse> => ({ betaModeEnabled: await isBetaModeEnabled(app.db) }));
  return Promise.resolve();
};
