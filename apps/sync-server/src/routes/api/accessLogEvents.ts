import { printAccessSchema, protocolAccessSchema, recordedAccessReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { logPrint, logProtocolAccess } from '../../domain/accessLogs/record';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Access events of docs/spec/services.md §7 (opening, printing); offline devices send 'accessLog.record' instead. */
export const accessLogEventRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.accessLogs];
  const response = replies({ 201: recordedAccessReply });

  app.post('/access-logs/protocol-access', { schema: { tags, summary: 'Öffnen eines Protokolls protokollieren', body: protocolAccessSchema, response } }, async (request, reply) =>
    reply.status(201).send(await logProtocolAccess(commandContext(app, request), request.body)));

  app.post('/access-logs/print', { schema: { tags, summary: 'Druck eines Protokolls protokollieren', body: printAccessSchema, response } }, async (request, reply) =>
    reply.status(201).send(await logPrint(commandContext(app, request), request.body)));
  return Promise.resolve();
};
