import { memberParams, memberSessionParams, okReply, sessionListReply, sessionParams } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { listMemberSessions, reportMemberDeviceLost } from '../../domain/organizations/memberDevices';
import { findUserSession, listUserSessions, reportSessionDeviceLost } from '../../domain/sessions/devices';
import { destroySession } from '../../domain/sessions/sessions';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext, requireUser } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * One's own sessions and devices (BSI TR-03161: the user can end sessions) and the lost-device
 * report, by the user or an organisation's owner/admin (domain/sessions/devices.ts).
 */
export const sessionRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.account];

  app.get('/sessions', { schema: { tags, summary: 'Eigene Sitzungen und Geräte', response: replies({ 200: sessionListReply }) } }, async (request) =>
    listUserSessions(app.db, requireUser(request).id, request.sessionId));

  app.delete('/sessions/:sessionId', {
    schema: { tags, summary: 'Eine eigene Sitzung beenden (die aktuelle meldet ab)', params: sessionParams, response: replies({ 200: okReply }) },
  }, async (request, reply) => {
    const session = await findUserSession(app.db, requireUser(request).id, request.params.sessionId);
    if (session.id === request.sessionId) await app.signOut(request, reply);
    else await destroySession(app.db, session.id);
    return { ok: true as const };
  });

  app.post('/sessions/:sessionId/lost', {
    schema: { tags, summary: 'Eigenes Gerät als verloren melden: alle seine Sitzungen enden sofort', params: sessionParams, response: replies({ 200: okReply }) },
  }, async (request, reply) => {
    const user = requireUser(request);
    const session = await findUserSession(app.db, user.id, request.params.sessionId);
    const current = session.id === request.sessionId;
    await reportSessionDeviceLost(app.db, session, user.id);
    if (current) await app.signOut(request, reply);
    return { ok: true as const };
  });

  app.get('/organizations/:id/members/:userId/sessions', {
    schema: { tags: [apiTags.organizations], summary: 'Angemeldete Geräte eines Mitglieds (Inhaber, Administratoren)', params: memberParams, response: replies({ 200: sessionListReply }) },
  }, async (request) => listMemberSessions(commandContext(app, request), request.params.id, request.params.userId));

  app.post('/organizations/:id/members/:userId/sessions/:sessionId/lost', {
    schema: { tags: [apiTags.organizations], summary: 'Gerät eines Mitglieds als verloren melden (Inhaber, Administratoren)', params: memberSessionParams, response: replies({ 200: okReply }) },
  }, async (request) => {
    await reportMemberDeviceLost(commandContext(app, request), request.params.id, request.params.userId, request.params.sessionId);
    return { ok: true as const };
  });
  return Promise.resolve();
};
