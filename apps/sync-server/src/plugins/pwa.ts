import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFound } from '../domain/errors';

/**
 * Unknown paths per client address and minute: a full page load of a deep link (the SPA fallback)
 * is far below it, a scan of paths (a crawler, a probe for admin pages) meets it.
 */
export const notFoundLimitPerMinute = 300;

/**
 * Serves the built PWA next to the API. Unknown /api paths answer a JSON 404; every other unknown
 * GET gets index.html, and the PWA's router shows its own 404 screen.
 */
export const pwaPlugin = fp(
  async (app) => {
    const root = app.config.staticDir;
    const hasPwa = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasPwa) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The PWA build writes .br/.gz next to its assets (apps/pwa/vite.config.ts): sent when accepted.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const name = path.basename(filePath);
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest') || name.startsWith('workbox-')) {
            res.header('Cache-Control', 'no-cache');
          }
        },
      });
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit({ max: notFoundLimitPerMinute, timeWindow: '1 minute' }) }, async (request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (!hasPwa || !isPage) throw notFound(request.url.startsWith('/api') ? 'Diese Schnittstelle gibt es nicht.' : 'Seite nicht gefunden.');
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'pwa', dependencies: ['database', 'rate-limit'] },
);
