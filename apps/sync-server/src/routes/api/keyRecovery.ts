import { approveKeyRecoverySchema, keyChangeChallengeReply, okReply, orgIdParams, pendingKeyRecoveryReply, requestKeyRecoverySchema } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { issueKeyChangeChallenge } from '../../domain/archive/keyChallenges';
import { approveKeyRecovery, cancelKeyRecovery, confirmRecoveredKey, requestKeyRecovery } from '../../domain/archive/keyRecovery';
import { apiTags } from '../../plugins/apiDocs';
import { limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Recovery of a lost organisation key (domain/archive/keyRecovery.ts; docs/security.md "Key recovery"). */
export const keyRecoveryRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.archive];

  app.post('/organizations/:orgId/key-change/challenge', {
    schema: {
      tags, summary: 'Einmal-Nonce für den nächsten Schlüsselwechsel oder die nächste Wiederherstellung (Inhaber, 5 Minuten)', params: orgIdParams,
      response: replies({ 201: keyChangeChallengeReply }),
    },
  }, async (request, reply) => reply.status(201).send(await issueKeyChangeChallenge(commandContext(app, request), request.params.orgId)));

  app.post('/organizations/:orgId/key-recovery', {
    schema: {
      tags, summary: 'Verlorenen Organisationsschlüssel ersetzen (wirksam nach 72 Stunden, für alle sichtbar)', params: orgIdParams,
      body: documentedOnly(requestKeyRecoverySchema), response: replies({ 201: pendingKeyRecoveryReply }),
    },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    const pending = await limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => requestKeyRecovery(ctx, request.params.orgId, request.body));
    return reply.status(201).send(pending);
  });

  app.delete('/organizations/:orgId/key-recovery', {
    schema: { tags, summary: 'Laufende Wiederherstellung des Schlüssels abbrechen (Inhaber, Administratoren)', params: orgIdParams, response: replies({ 200: okReply }) },
  }, async (request) => {
    await cancelKeyRecovery(commandContext(app, request), request.params.orgId);
    return { ok: true as const };
  });

  app.post('/organizations/:orgId/key-recovery/approve', {
    schema: {
      tags, summary: 'Wiederherstellung ohne zweiten Faktor freigeben (Administrator der Organisation; 72 Stunden ab jetzt)', params: orgIdParams,
      body: documentedOnly(approveKeyRecoverySchema.optional()), response: replies({ 200: pendingKeyRecoveryReply }),
    },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => approveKeyRecovery(ctx, request.params.orgId, request.body));
  });

  app.post('/organizations/:orgId/key-recovery/confirm', {
    schema: { tags, summary: 'Wiederhergestellten Schlüssel bestätigen (Inhaber)', params: orgIdParams, response: replies({ 200: okReply }) },
  }, async (request) => {
    await confirmRecoveredKey(commandContext(app, request), request.params.orgId);
    return { ok: true as const };
  });
  return Promise.resolve();
};
