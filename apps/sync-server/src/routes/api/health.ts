import { healthReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { apiTags } from '../../plugins/apiDocs';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Liveness and database reachability, for monitoring and the start script. */
export const healthRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const schema = { tags: [apiTags.system], summary: 'Erreichbarkeit des Servers und der Datenbank', response: replies({ 200: healthReply }) };
  app.get('/health', { schema, config: { public: true } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const };
  });
  return Promise.resolve();
};
