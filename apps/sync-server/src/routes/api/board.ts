import { boardEventsQuerySchema, boardEventsReply, boardStatusReply, idParams } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { boardOrganization, loadBoardStatus } from '../../domain/board/queries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * The command-post board: the team's devices, and the live event stream
 * (docs/sync-protocol.md "Board events"). Both need a session and membership in the service's
 * organisation, as reading the service does.
 */
export const boardRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.services];

  app.get('/services/:id/board', {
    schema: { tags, summary: 'Lagetafel: Team mit Geräten (zuletzt gesehen, ungesendete Änderungen)', params: idParams, response: replies({ 200: boardStatusReply }) },
  }, async (request) => loadBoardStatus(commandContext(app, request), request.params.id));

  app.get('/services/:id/events', {
    schema: {
      tags, summary: 'Lagetafel live: Server-Sent Events „Dienst geändert bis Version V“ (Last-Event-ID setzt fort)',
      params: idParams, querystring: documentedOnly(boardEventsQuerySchema), response: replies({ 200: { description: 'Der Ereignisstrom', content: { 'text/event-stream': { schema: boardEventsReply } } } }),
    },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    const target = await boardOrganization(ctx.db, request.params.id, ctx.user);
    const { streams } = app.boardEvents;
    // Refusals (429) still answer as JSON; from here on the reply is the stream.
    const holder = { userId: ctx.user.id, organizationId: target.organizationId, address: request.ip || 'unbekannt' };
    const release = await streams.admit(holder);
    const header = request.headers['last-event-id'];
    const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
    reply.hijack();
    try {
      await streams.run(reply.raw, { ...target, ...holder, sessionId: request.sessionId ?? '', lastEventId }, release);
    } catch (error) {
      // Hijacked: the error handler cannot answer any more. The browser reconnects.
      request.log.warn({ err: error }, 'Lagetafel-Ereignisstrom abgebrochen');
      release();
      reply.raw.destroy();
    }
  });
  return Promise.resolve();
};
