import {
  changePasswordSchema, confirmEmailVerificationSchema, confirmPasswordResetSchema, loginSchema, okMessageReply, okReply, profileSchema, publicUserReply, registerSchema, requestPasswordResetSchema,
} from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { authenticate, changePassword, registerUser } from '../../domain/accounts/commands';
import { linkOrigin } from '../../config/config';
import { updateProfile } from '../../domain/accounts/profile';
import { confirmEmailVerification, requestEmailVerification } from '../../domain/accounts/emailVerification';
import { confirmPasswordReset, requestPasswordReset } from '../../domain/accounts/passwordReset';
import { toPublicUser } from '../../domain/accounts/publicUser';
import { WindowCounter } from '../../domain/accounts/windowCounter';
import { apiTags } from '../../plugins/apiDocs';
import { limitLogin } from '../../plugins/loginThrottle';
import { authRateLimit, limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext, requestContext, requireUser } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Account calls of docs/spec/accounts.md §7: thin handlers that validate in the command and reply. */
export const accountRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.account];
  const limited = { ...authRateLimit(app.config.authRateLimit), public: true };

  app.get('/user', { schema: { tags, summary: 'Angemeldetes Konto', response: replies({ 200: publicUserReply }) } }, (request) =>
    toPublicUser(requireUser(request)));

  app.post('/login', {
    config: limited,
    schema: { tags, summary: 'Anmelden (setzt das Sitzungscookie)', body: loginSchema, response: replies({ 200: publicUserReply }) },
  }, async (request, reply) => {
    const { user, rememberMe } = await limitLogin(app, request, reply, () =>
      authenticate({ db: app.db, request: requestContext(request), dataKey: app.config.dataKey }, request.body));
    await app.signIn(request, reply, user.id, rememberMe);
    return toPublicUser(user);
  });

  app.post('/register', {
    config: limited,
    schema: { tags, summary: 'Registrieren und anmelden', body: registerSchema, response: replies({ 200: publicUserReply }) },
  }, async (request, reply) => {
    const user = await registerUser(app.db, request.body, requestContext(request));
    await app.signIn(request, reply, user.id, false);
    return user;
  });

  app.post('/logout', { config: { public: true }, schema: { tags, summary: 'Abmelden', response: replies({ 200: okReply }) } }, async (request, reply) => {
    await app.signOut(request, reply);
    return { ok: true as const };
  });

  app.post('/change-password', {
    schema: { tags, summary: 'Eigenes Passwort ändern (beendet die übrigen Sitzungen)', body: changePasswordSchema, response: replies({ 200: okReply }) },
  }, async (request, reply) => {
    const user = requireUser(request);
    await limitPasswordCheck(app, reply, passwordCheckKey.changePassword(user.id, request.body), () => changePassword(app.db, user.id, request.body, request.sessionId ?? undefined));
    return { ok: true as const };
  });

  // docs/security.md "Password reset": 3 requests per address and 10 per client address an hour.
  const resetLimits = { perAddress: new WindowCounter(3, 3_600_000), perClient: new WindowCounter(10, 3_600_000) };
  const resetSettings = { dataKey: app.config.dataKey, linkOrigin: linkOrigin(app.config) };
  app.post('/password-reset/request', {
    config: { public: true },
    schema: { tags, summary: 'Link zum Zurücksetzen des Passworts anfordern (gleiche Antwort für jede Adresse)', body: requestPasswordResetSchema, response: replies({ 200: okMessageReply }) },
  }, async (request) => requestPasswordReset(app.db, request.body, requestContext(request), resetLimits, resetSettings));
  app.post('/password-reset/confirm', {
    config: limited,
    schema: { tags, summary: 'Neues Passwort mit dem Link aus der E-Mail setzen', body: confirmPasswordResetSchema, response: replies({ 200: okMessageReply }) },
  }, async (request) => confirmPasswordReset(app.db, request.body, app.config.dataKey));

  // Optional confirmation of the address (domain/accounts/emailVerification.ts): 3 links per account an hour.
  const verificationLimit = new WindowCounter(3, 3_600_000);
  app.post('/account/email-verification/request', {
    schema: { tags, summary: 'Link zur Bestätigung der eigenen E-Mail-Adresse senden', response: replies({ 200: okMessageReply }) },
  }, async (request) => requestEmailVerification(commandContext(app, request), verificationLimit, resetSettings));
  app.post('/account/email-verification/confirm', {
    config: limited,
    schema: { tags, summary: 'E-Mail-Adresse mit dem Link aus der E-Mail bestätigen', body: confirmEmailVerificationSchema, response: replies({ 200: okMessageReply }) },
  }, async (request) => confirmEmailVerification(app.db, request.body, app.config.dataKey));

  app.patch('/profile', {
    schema: { tags, summary: 'Eigenes Profil ändern (neue E-Mail-Adresse nur mit dem Passwort; die alte wird benachrichtigt)', body: profileSchema, response: replies({ 200: publicUserReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    return limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => updateProfile(ctx, request.body));
  });
  return Promise.resolve();
};
