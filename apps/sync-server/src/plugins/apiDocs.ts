import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { clientHeaderName } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { getOperatorDetails } from '../domain/settings/operatorDetails';
import type { ApiDocument, RouteFacts } from './apiDocsRules';
import { completeOperations, openApiPathOf, routeFacts, stateChanging, withoutUnusedSchemas } from './apiDocsRules';
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

/** What each area holds, for readers of the description (Spectral and Redocly ask for it). */
const tagDescriptions: Record<keyof typeof apiTags, string> = {
  system: 'Zustand des Servers, Betreiberangaben für Impressum und Datenschutz',
  account: 'Anmelden, Registrieren, eigenes Konto, zwei Faktoren, Betaphase',
  organizations: 'Organisationen, Mitglieder, Einladungen, Sperrzeit der Geräte',
  archive: 'Verschlüsselte Patientendaten abgeschlossener Dienste, Organisationsschlüssel und seine Wiederherstellung',
  services: 'Dienste, Teams, Lagetafel',
  materials: 'Materialkatalog und Verbrauch',
  minorTreatments: 'Kleinversorgungen ohne Protokoll',
  protocols: 'Patientenprotokolle, Vitalwerte, Maßnahmen',
  accessLogs: 'Protokollierte Zugriffe auf Patientendaten',
  reports: 'Einsatzbericht und Statistik',
  sync: 'Abgleich der Geräte (Push und Pull), Geräteschlüssel und PIN',
  admin: 'Plattform-Administration',
  adminEmail: 'Mailserver, Vorlagen und Versandprotokoll',
};

/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger with the zod transform), at
 * /api/openapi.json, and Swagger UI at /api/docs, served from node_modules like the rest of the
 * app (no CDN; its scripts are files, so the app's CSP in plugins/security.ts holds). Open to
 * everyone: docs/decisions.md "API description open to everyone"; completed by the rules of
 * ./apiDocsRules.ts (docs/decisions.md "OpenAPI from rules"). Only /api routes are described;
 * the PWA's own routes and the documentation's routes are hidden.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    const facts = new Map<string, RouteFacts>();
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
        tags: Object.entries(apiTags).map(([key, name]) => ({ name, description: tagDescriptions[key as keyof typeof apiTags] })),
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
        for (const method of [route.method].flat()) facts.set(`${method} ${openApiPathOf(route.url)}`, routeFacts(route, method));
        const security: Record<string, string[]>[] = route.config?.public ? [] : [writes ? { session: [], client: [] } : { session: [] }];
        return { ...result, schema: { ...result.schema, security } };
      },
      transformObject: (input) => {
        const document = jsonSchemaTransformObject(input) as ApiDocument;
        const factsOf = (method: string, path: string) => {
          const found = facts.get(`${method} ${path}`);
          if (!found) throw new Error(`${method} ${path}: keine Routenangaben für die API-Beschreibung`);
          return found;
        };
        return withoutUnusedSchemas(completeOperations(document, factsOf));
      },
    });

    await app.register(swaggerUi, {
      routePrefix: apiDocsPath,
      // No request to validator.swagger.io: the page works offline and within connect-src 'self'.
      uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    });

    // Per request: the server is the one asked (or APP_ORIGIN), the contact the operator entered.
    app.get(openApiPath, { schema: { hide: true }, config: { public: true } }, async (request) => {
      const document = app.swagger();
      const { operator } = await getOperatorDetails(app.db);
      const origin = app.config.appOrigin ? new URL(app.config.appOrigin).origin : `${request.protocol}://${request.host}`;
      return {
        ...document,
        info: { ...document.info, ...(operator && { contact: { name: operator.name, email: operator.email } }) },
        servers: [{ url: origin, description: 'Dieser SaniDok-Server' }],
      };
    });
  },
  { name: 'api-docs' },
);
