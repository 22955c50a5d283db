import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** Liveness and database reachability, for monitoring and the start script. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' };
  });
};
