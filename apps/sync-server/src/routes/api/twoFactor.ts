import { confirmTotpSetupSchema, okReply, recoveryCodesReply, startTotpSetupSchema, totpProofSchema, totpSetupReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { confirmTotpSetup, disableTotp, regenerateRecoveryCodes, startTotpSetup } from '../../domain/accounts/twoFactor';
import { apiTags } from '../../plugins/apiDocs';
import { limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * Two-factor sign-in of the signed-in account (domain/accounts/twoFactor.ts). Every call that
 * checks a password or a code runs under the account's limit of failed checks.
 */
export const twoFactorRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.account];

  app.post('/account/totp/setup', {
    schema: { tags, summary: 'Zwei-Faktor-Anmeldung einrichten oder auf ein neues Gerät umstellen: neuer Schlüssel', body: startTotpSetupSchema, response: replies({ 200: totpSetupReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => startTotpSetup(ctx, request.body));
  });

  app.post('/account/totp/confirm', {
    schema: { tags, summary: 'Neuen Schlüssel mit dem ersten Code bestätigen (liefert die Wiederherstellungscodes)', body: confirmTotpSetupSchema, response: replies({ 200: recoveryCodesReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => confirmTotpSetup(ctx, request.body, request.sessionId ?? undefined));
  });

  app.post('/account/totp/disable', {
    schema: { tags, summary: 'Zwei-Faktor-Anmeldung abschalten (nicht für Plattform-Administratoren)', body: totpProofSchema, response: replies({ 200: okReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    await limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => disableTotp(ctx, request.body));
    return { ok: true as const };
  });

  app.post('/account/totp/recovery-codes', {
    schema: { tags, summary: 'Neue Wiederherstellungscodes erzeugen', body: totpProofSchema, response: replies({ 200: recoveryCodesReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => regenerateRecoveryCodes(ctx, request.body));
  });
  return Promise.resolve();
};
