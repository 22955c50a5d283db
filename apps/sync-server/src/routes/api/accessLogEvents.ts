import type { FastifyPluginAsync } from 'fastify';
import { logPrint, logProtocolAccess } from '../../domain/accessLogs/record';
import { commandContext } from '../../plugins/session';

/** Access events of spec 2 §7 (opening, printing); offline devices send 'accessLog.record' instead. */
export const accessLogEventRoutes: FastifyPluginAsync = async (app) => {
  app.post('/access-logs/protocol-access', async (request, reply) =>
    reply.status(201).send(await logProtocolAccess(commandContext(app, request), request.body)));

  app.post('/access-logs/print', async (request, reply) => reply.status(201).send(await logPrint(commandContext(app, request), request.body)));
};
