import { pullQuerySchema, pullReply, pushReply, pushRequestSchema } from '@sanidok/schema';
import type { PullResponse } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { pullChanges } from '../../domain/sync/pull';
import { deviceLostError, isDeviceLost, requestDeviceId } from '../../domain/sessions/devices';
import { pushWithoutSession, withWipeNotice } from '../../domain/sessions/deviceWipe';
import { pushMutations } from '../../domain/sync/push';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext, requestContext, requireUser } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { serializePull } from './pullSerializer';
import { replies } from './replies';

/** The two sync endpoints (docs/sync-protocol.md). */
export const syncRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.sync];

  app.post('/sync/push', {
    schema: { tags, summary: 'Änderungen des Geräts senden (höchstens 200 je Sendung)', body: pushRequestSchema, response: replies({ 200: pushReply }) },
    // Signed in, or the ended session of a device reported lost (its grant); 401 before the body is checked either way.
    config: { public: true },
    preValidation: async (request) => {
      if (request.user || request.wipeGrant) return;
      // A lost device whose grant has ended learns so here too; a sign-in on it then pushes.
      const deviceId = requestDeviceId(request.body);
      if (deviceId && (await isDeviceLost(app.db, deviceId))) throw deviceLostError();
      requireUser(request);
    },
  }, async (request) => {
    // A device reported lost pushes once more, then is told to wipe itself (domain/sessions/deviceWipe.ts).
    if (!request.user) {
      const context = { db: app.db, request: requestContext(request), dataKey: app.config.dataKey };
      return pushWithoutSession(app.db, request.wipeGrant, request.body, (user, batch) => pushMutations({ ...context, user }, batch));
    }
    const reply = await pushMutations(commandContext(app, request), request.body);
    return withWipeNotice(app.db, request.body.deviceId, reply);
  });

  app.get('/sync/pull', {
    schema: { tags, summary: 'Änderungen seit dem Cursor abholen', querystring: pullQuerySchema, response: replies({ 200: pullReply }) },
  }, async (request, reply) => {
    const page = await pullChanges(commandContext(app, request), request.query);
    // Each change through its own schema member (./pullSerializer.ts): the same bytes for less CPU.
    // Set only now: a refusal thrown above is answered by the error handler as any other.
    reply.type('application/json; charset=utf-8').serializer(serializePull);
    // Typed as the reply it becomes: prepared changes are already JSON text, which serializePull
    // puts in place. The route's schema still documents the reply (OpenAPI).
    return page as unknown as PullResponse;
  });
  return Promise.resolve();
};
