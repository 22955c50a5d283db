import type { OperatorDetailsResponse } from '@sanidok/schema';
import { operatorDetailsReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { getOperatorDetails } from '../../domain/settings/operatorDetails';
import { apiTags } from '../../plugins/apiDocs';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * Public: the operator named on Impressum and Datenschutz. Like every /api answer
 * it is no-store (plugins/security.ts); the PWA keeps the last answer itself for offline use
 * (features/legal/operatorDetails.ts).
 */
export const legalRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const schema = { tags: [apiTags.system], summary: 'Betreiberangaben für Impressum und Datenschutz', response: replies({ 200: operatorDetailsReply }) };
  app.get('/legal/operator', { schema, config: { public: true } }, async (): Promise<OperatorDetailsResponse> => getOperatorDetails(app.db));
  return Promise.resolve();
};
