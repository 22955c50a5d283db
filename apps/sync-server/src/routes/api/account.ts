import type { FastifyPluginAsync } from 'fastify';
import { authenticate, changePassword, registerUser, updateProfile } from '../../domain/accounts/commands';
import { toPublicUser } from '../../domain/accounts/publicUser';
import { authRateLimit } from '../../plugins/rateLimit';
import { requestContext, requireUser } from '../../plugins/session';

/** Account calls of spec 1 §7: thin handlers that validate in the command and reply. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const limited = { config: authRateLimit(app.config.authRateLimit) };

  app.get('/user', async (request) => toPublicUser(requireUser(request)));

  app.post('/login', limited, async (request, reply) => {
    const { user, rememberMe } = await authenticate(app.db, request.body);
    await app.signIn(request, reply, user.id, rememberMe);
    return toPublicUser(user);
  });

  app.post('/register', limited, async (request, reply) => {
    const user = await registerUser(app.db, request.body, requestContext(request));
    await app.signIn(request, reply, user.id, false);
    return user;
  });

  app.post('/logout', async (request, reply) => {
    await app.signOut(request, reply);
    return { ok: true };
  });

  app.post('/change-password', async (request) => {
    const user = requireUser(request);
    await changePassword(app.db, user.id, request.body, request.sessionId ?? undefined);
    return { ok: true };
  });

  app.patch('/profile', async (request) => updateProfile(app.db, requireUser(request).id, request.body));
};
