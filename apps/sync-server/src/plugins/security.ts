import helmet from '@fastify/helmet';
import { clientHeaderName } from '@sanidok/schema';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../domain/errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for state-changing API calls. A browser always sends `Origin`
 * on such requests; it must be the app itself. Clients that send none (curl, scripts) must send
 * JSON or our client header, which a foreign page cannot do without a CORS preflight we never grant.
 */
export function isOriginAllowed(request: FastifyRequest, appOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === appOrigin) return true;
    try {
      // Both sides through URL, so that default ports compare equal (":80" against none).
      const parsed = new URL(origin);
      return parsed.host === new URL(`${parsed.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      return false;
    }
  }
  const contentType = request.headers['content-type'] ?? '';
  return contentType.startsWith('application/json') || request.headers[clientHeaderName] !== undefined;
}

export const securityPlugin = fp(
  async (app) => {
    const secure = app.config.cookieSecure;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // libsodium and the HPKE code compile WebAssembly; 'wasm-unsafe-eval' allows exactly that, not eval().
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // Mantine writes its CSS variables into a <style> element at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', (request) => {
      if (!stateChanging.has(request.method) || !request.url.startsWith('/api/')) return Promise.resolve();
      if (!isOriginAllowed(request, app.config.appOrigin)) {
        throw new AppError(403, 'ORIGIN_REJECTED', 'Anfrage von fremder Herkunft abgelehnt.');
      }
      return Promise.resolve();
    });
  },
  { name: 'security', dependencies: ['database'] },
);
