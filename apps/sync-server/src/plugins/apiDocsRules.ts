import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The rules that turn the route schemas into a complete OpenAPI description (plugins/apiDocs.ts):
 * one place derives, from what each route is, its operationId, the refusals it can answer, the
 * formats of its path ids and whether its body may be left out (docs/decisions.md "OpenAPI from
 * rules"). Linted with Spectral and Redocly and checked against the running server in
 * test/plugins/apiContract.test.ts.
 */

/** What the rules need to know of a route, collected when @fastify/swagger transforms it. */
export interface RouteFacts {
  public: boolean;
  writes: boolean;
  /** A query string or a body: the route or the domain validates it (400). */
  takesInput: boolean;
  /** The route or the domain reads an absent body as `{}` (domain/errors.ts `validate`). */
  bodyOptional: boolean;
  /** Sign-in and registration: a limit per client address (plugins/rateLimit.ts). */
  rateLimited: boolean;
}

export const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/services/:id` → `/api/services/{id}`, the path as the document names it. */
export const openApiPathOf = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

export function routeFacts(route: RouteOptions, method: string): RouteFacts {
  const { body, querystring } = route.schema ?? {};
  const accepts = (value: unknown) => body instanceof z.ZodType && body.safeParse(value).success;
  return {
    public: route.config?.public === true,
    writes: stateChanging.has(method),
    takesInput: Boolean(body ?? querystring),
    bodyOptional: body === undefined || accepts(null) || accepts({}),
    rateLimited: route.config?.rateLimit !== undefined,
  };
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/services/{id}/events` → `getServicesByIdEvents`: the method, then every path segment
 * after /api, a parameter as `By…`. Method and path identify an operation, so the id is unique,
 * and it changes only when the route does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split('-');
    });
  return method.toLowerCase() + words.map(pascal).join('');
}

/**
 * Ids the devices make offline are UUIDs (services, protocols: docs/decisions.md "Offline
 * first"); every other row is numbered by the database (db/columns.ts `AutoId`). A parameter
 * belongs to the collection before it, or says its own (`serviceId`, `orgId`).
 */
const uuidCollections = new Set(['services', 'patient-protocols']);

export function pathIdSchema(path: string, parameter: string): { type: 'string'; format: 'uuid' } | { type: 'integer'; minimum: 1 } {
  const segments = path.split('/');
  const collection = parameter === 'id' ? segments[segments.indexOf(`{${parameter}}`) - 1] : undefined;
  const uuid = parameter === 'serviceId' || (collection !== undefined && uuidCollections.has(collection));
  return uuid ? { type: 'string', format: 'uuid' } : { type: 'integer', minimum: 1 };
}

/** German descriptions of the answers; the error body is the same for all (`ApiError`). */
export const statusDescriptions: Partial<Record<string, string>> = {
  200: 'Erfolg',
  201: 'Angelegt',
  400: 'Ungültige Anfrage: Felder (`VALIDATION` mit `fields`), kein gültiges JSON oder ein abgelehnter Inhalt',
  401: 'Nicht angemeldet (`UNAUTHENTICATED`)',
  403: 'Keine Berechtigung (`FORBIDDEN`) oder fremde Herkunft einer schreibenden Anfrage (`ORIGIN_REJECTED`)',
  404: 'Nicht gefunden, auch wenn es einer fremden Organisation gehört (`NOT_FOUND`)',
  413: 'Anfrage größer als 5 MB (`PAYLOAD_TOO_LARGE`)',
  415: 'Körper nicht als JSON gesendet (`UNSUPPORTED_MEDIA_TYPE`)',
  429: 'Zu viele Anfragen (`RATE_LIMITED`); `Retry-After` nennt die Wartezeit',
  '4XX': 'Weitere Ablehnungen der Fachlogik, z. B. Konflikt mit dem Zustand (409), gesperrt (423), abgelaufen (410); `code` nennt den Grund',
  500: 'Interner Fehler (`INTERNAL`); Einzelheiten nur im Serverprotokoll',
  502: 'Ein anderer Server (der Mailserver) hat abgelehnt oder nicht geantwortet (`MAIL_FAILED`)',
};

/**
 * The refusals every route of its kind can answer, from the code all routes pass through: the
 * session check (401), the origin check and the body guard on writes (plugins/security.ts: 403,
 * 400), the body parser (400, 413, 415), the domain's check of input and path ids (400), the platform-admin hook (routes/api/admin.ts: 403), the
 * lookup of a path id (404) and the limit per client address (429). What only the domain knows
 * (409, 410, 423, a role's 403 on a read, a per-account 429) is the `4XX` answer with the same body.
 */
export function sharedRefusals(path: string, facts: RouteFacts): number[] {
  const statuses = new Set<number>();
  if (facts.takesInput || facts.writes || path.includes('{')) statuses.add(400);
  if (!facts.public) statuses.add(401);
  if (facts.writes || path.startsWith('/api/admin/')) statuses.add(403);
  if (path.includes('{')) statuses.add(404);
  if (facts.writes) [413, 415].forEach((status) => statuses.add(status));
  if (facts.rateLimited) statuses.add(429);
  return [...statuses];
}

/** The access rule of an operation in words: who may call it, with what. */
export function accessDescription(facts: RouteFacts): string {
  if (facts.public) return facts.writes ? 'Ohne Anmeldung; schreibend: mit Kopf `x-sanidok-client` oder JSON-Körper.' : 'Ohne Anmeldung.';
  return facts.writes
    ? 'Braucht eine Sitzung (Cookie) und, da schreibend, den Kopf `x-sanidok-client` oder einen JSON-Körper.'
    : 'Braucht eine Sitzung (Cookie).';
}

/** Components no operation refers to, directly or through another component, are dropped. */
export function withoutUnusedSchemas<D extends ApiDocument>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...(value === undefined ? '' : JSON.stringify(value)).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1] ?? ''));
  const used = new Set(refsIn({ ...document, components: { ...document.components, schemas: {} } }));
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const reached of refsIn(schemas[name])) {
      if (used.has(reached)) continue;
      used.add(reached);
      pending.push(reached);
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

interface Operation {
  operationId?: string;
  description?: string;
  parameters?: { in: string; name: string; description?: string; schema?: unknown }[];
  requestBody?: { required?: boolean };
  responses?: Partial<Record<string, { description?: string; content?: unknown }>>;
}
type Paths = Record<string, Record<string, Operation>>;
export interface ApiDocument {
  paths?: Paths;
  components?: { schemas?: Record<string, unknown> };
}

const statusOrder = (status: string) => Number(status.replace('XX', '99'));

/** Applies the rules above to every operation of the document @fastify/swagger built. */
export function completeOperations<D extends ApiDocument>(document: D, factsOf: (method: string, path: string) => RouteFacts): D {
  const paths: Paths = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(operations)) {
      const facts = factsOf(method.toUpperCase(), path);
      const parameters = operation.parameters?.map((parameter) => (parameter.in === 'path' ? { ...parameter, schema: pathIdSchema(path, parameter.name) } : parameter));
      const responses = { ...operation.responses };
      const refusal = responses['4XX'];
      if (refusal) for (const status of sharedRefusals(path, facts)) responses[status] ??= { ...refusal };
      const described = Object.entries(responses)
        .sort(([a], [b]) => statusOrder(a) - statusOrder(b))
        .flatMap(([status, response]) => (response ? [[status, { ...response, description: response.description === 'Default Response' ? (statusDescriptions[status] ?? status) : response.description }] as const] : []));
      paths[path][method] = {
        ...operation,
        operationId: operationIdOf(method, path),
        description: accessDescription(facts),
        ...(parameters && { parameters }),
        ...(operation.requestBody && { requestBody: { ...operation.requestBody, required: !facts.bodyOptional } }),
        responses: Object.fromEntries(described),
      };
    }
  }
  return { ...document, paths };
}
