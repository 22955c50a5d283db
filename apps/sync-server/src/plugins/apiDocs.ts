import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { clientHeaderName } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { sessionCookieName } from './session';

export const openApiPath = '/api/openapi.json';
export const apiDocsPath = '/api/docs';

/** German names of the tags, one per area; routes refer to them by key. */
export const apiTags = {
  system: 'System',
  account: 'Konto',
  organizations: 'Organisationen',
  archive: 'Patientenarchiv',
  services: 'Dienste',
  materials: 'Material',
  minorTreatments: 'Kleinversorgungen',
  protocols: 'Patientenprotokolle',
  accessLogs: 'Zugriffsprotokoll',
  reports: 'Berichte und Statistik',
  sync: 'Synchronisation',
  admin: 'Administration',
  adminEmail: 'Administration: E-Mail',
} as const;

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger with the zod transform), at
 * /api/openapi.json, and Swagger UI at /api/docs, served from node_modules like the rest of the
 * app (no CDN; its scripts are files, so the app's CSP in plugins/security.ts holds). Open to
 * everyone: docs/decisions.md "API description open to everyone". Only /api routes are described;
 * the PWA's own routes and the documentation's routes are hidden.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'SaniDok API',
          version: '1',
          description:
            'Schnittstelle des SaniDok-Sync-Servers. Fehler antworten immer mit `{message, code[, fields]}`; `message` ist deutsch und ' +
            'für Menschen, `code` für Programme. Schreibende Aufrufe brauchen zusätzlich den Kopf `x-sanidok-client` oder einen JSON-Körper ' +
            '(Schutz vor fremden Seiten, docs/security.md).',
        },
        tags: Object.values(apiTags).map((name) => ({ name })),
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: sessionCookieName, description: 'Sitzungscookie, gesetzt von POST /api/login' },
            client: { type: 'apiKey', in: 'header', name: clientHeaderName, description: 'Kennzeichnet Aufrufe der App; Wert beliebig, z. B. `pwa`' },
          },
        },
      },
      transform: (input) => {
        const { route } = input;
        if (!route.url.startsWith('/api/') || route.schema?.hide) return { schema: { hide: true }, url: input.url };
        const result = jsonSchemaTransform(input);
        const writes = stateChanging.has(String(route.method));
        const security: Record<string, string[]>[] = route.config?.public ? [] : [writes ? { session: [], client: [] } : { session: [] }];
        return { ...result, schema: { ...result.schema, security } };
      },
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: apiDocsPath,
      // No request to validator.swagger.io: the page works offline and within connect-src 'self'.
      uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    });

    app.get(openApiPath, { schema: { hide: true }, config: { public: true } }, () => app.swagger());
  },
  { name: 'api-docs' },
);
