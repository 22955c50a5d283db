import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { usePasswordRunner } from '@sanidok/crypto';
import { runPasswordTask } from '@sanidok/crypto/passwordsPool';
import type { AppConfig } from './config/config';
import { fastifyTrustProxy } from './config/config';
import { apiDocsPlugin } from './plugins/apiDocs';
import { archivePlugin } from './plugins/archive';
import { boardEventsPlugin } from './plugins/boardEvents';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin } from './plugins/errorHandler';
import { jobsPlugin } from './plugins/jobs';
import { mailerPlugin } from './plugins/mailer';
import { pwaPlugin } from './plugins/pwa';
import { rateLimitPlugin } from './plugins/rateLimit';
import { routeRegistryPlugin } from './plugins/routeRegistry';
import { securityPlugin } from './plugins/security';
import { securityTxtPlugin } from './plugins/securityTxt';
import { sessionPlugin } from './plugins/session';
import { typedRoutesPlugin } from './plugins/typedRoutes';
import { apiRoutes } from './routes/api';

/**
 * Composes the server: external concerns (route schemas, database, errors, security, sessions,
 * rate limits), then the API description and the API routes, then the PWA with its SPA fallback. Tests call this with a temp database.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  // Argon2id on worker threads, off the event loop (packages/crypto/src/passwordsPool.ts).
  usePasswordRunner(runPasswordTask);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Off unless TRUST_PROXY names the proxies (config/config.ts): a forged X-Forwarded-For must
    // not choose the address that rate limits and the audit trail see.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    // One line per request would drown the log: the PWA polls every 5 s.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  await app.register(routeRegistryPlugin);
  await app.register(typedRoutesPlugin);
  await app.register(databasePlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(jobsPlugin);
  await app.register(mailerPlugin);
  await app.register(archivePlugin);
  await app.register(boardEventsPlugin);
  await app.register(apiDocsPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(securityTxtPlugin);
  await app.register(pwaPlugin);
  await app.ready();
  return app;
}
