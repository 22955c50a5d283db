import { deviceSealKeyReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { serverSealPublicKey } from '../../domain/deviceKeys/serverSealKey';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Device encryption (issue 16): the key devices seal their outbox args to. Any signed-in user. */
export const deviceKeyRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.sync];
  app.get('/device/seal-key', {
    schema: { tags, summary: 'Öffentlicher Schlüssel, an den Geräte ihre Änderungen versiegeln', response: replies({ 200: deviceSealKeyReply }) },
  }, async (request) => {
    const ctx = commandContext(app, request);
    return { publicKey: await serverSealPublicKey(ctx.db, ctx.dataKey) };
  });
  return Promise.resolve();
};
