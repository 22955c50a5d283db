import helmet from '@fastify/helmet';
import { isApiRequest } from './apiPath';
import { clientHeaderName, pushRequestSchema } from '@sanidok/schema';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyRefusalError, inspectBody } from '../domain/bodyGuard';
import { AppError } from '../domain/errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery guard for state-changing API calls. A browser always sends `Origin`
 * on such requests; it must be the app itself: `APP_ORIGIN`, scheme, host and port alike. Under
 * another host than `APP_ORIGIN`'s (a LAN address, localhost), or without `APP_ORIGIN`, the
 * request's own host and port count instead: the scheme of a request is not known there (a TLS
 * proxy in front). Clients that send no `Origin` (curl, scripts) must send JSON or our client
 * header, which a foreign page cannot do without a CORS preflight we never grant.
 */
export function isOriginAllowed(request: FastifyRequest, appOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const given = parseUrl(origin);
    if (!given || given.origin === 'null') return false;
    const configured = appOrigin === undefined ? undefined : parseUrl(appOrigin);
    if (configured && given.origin === configured.origin) return true;
    if (configured && given.hostname === configured.hostname) return false;
    // Both sides through URL, so that default ports compare equal (":80" against none).
    return given.host === parseUrl(`${given.protocol}//${request.headers.host ?? ''}`)?.host;
  }
  const contentType = request.headers['content-type'] ?? '';
  return contentType.startsWith('application/json') || request.headers[clientHeaderName] !== undefined;
}

/**
 * Browser features the app may use: the camera (scanning triage tags, planned), writing to the
 * clipboard (copying the organisation key and beta codes) and WebAuthn assertions (the lock
 * screen's quick unlock through the device lock); everything else is off.
 */
export const permissionsPolicy = [
  'camera=(self)',
  'clipboard-write=(self)',
  'clipboard-read=()',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'fullscreen=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=(self)',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

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
      if (!stateChanging.has(request.method) || !isApiRequest(request)) return Promise.resolve();
      if (!isOriginAllowed(request, app.config.appOrigin)) {
        throw new AppError(403, 'ORIGIN_REJECTED', 'Anfrage von fremder Herkunft abgelehnt.');
      }
      return Promise.resolve();
    });

    // Every write body, before validation and the handler read it (domain/bodyGuard.ts). A sync
    // push is checked per mutation in domain/sync/push.ts: one refused mutation, the batch goes on.
    app.addHook('preValidation', (request, _reply, done) => {
      const guarded = stateChanging.has(request.method) && isApiRequest(request) && request.routeOptions.schema?.body !== pushRequestSchema;
      const refusal = guarded ? inspectBody(request.body) : undefined;
      done(refusal && bodyRefusalError(refusal));
    });

    // onSend, so that refusals and errors carry them too.
    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', permissionsPolicy);
      // Answers carry patient data: none may stay in the HTTP cache of a shared tablet.
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security', dependencies: ['database'] },
);
