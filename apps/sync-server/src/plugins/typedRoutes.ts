import type { FastifySchemaCompiler, FastifyTypeProvider, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, validate } from '../domain/errors';
import { sharedSchemaSerializerCompiler } from './replySerializer';
import { requireUser } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (health, beta mode, sign-in, registration, sign-out). */
    public?: boolean;
  }
}

/**
 * Request parts are typed as the shared schemas' *input*: the route validates them, but hands the
 * request on as it came, because the domain command parses it again (the sync push reaches the
 * same commands without a route) and parsing a parsed value twice is not the same for every
 * schema (`.default()`, `v || null` on an absent patch field). Replies are typed as the output.
 */
export interface SharedSchemaTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
}

const documentationOnly = new WeakSet<z.ZodType>();

/**
 * A schema the route describes but does not check. Routes with a path parameter: the domain first
 * finds the target (404/403), then validates the body, sometimes merged with the path
 * (`{...body, id}`); an early 400 from the route would change that answer
 * (test/fuzz/routeValidation.fuzz.test.ts). Query strings the domain reads as plain ids.
 */
export function documentedOnly<S extends z.ZodType>(schema: S, fromPath?: string): S {
  // Always a clone: the shared instance may be checked on another route.
  const described = fromPath ? schema.meta({ description: `${fromPath} kommt aus dem Pfad, nicht aus dem Körper.` }) : schema.clone();
  documentationOnly.add(described);
  return described;
}

/**
 * Read when a route is compiled. Off only in test/fuzz/routeValidation.fuzz.test.ts, which builds
 * a second app without route checks and compares both apps' answers to the same malformed requests.
 */
export const routeChecks = { enabled: true };

/**
 * Validates with the domain's own `validate` (apps/sync-server/src/domain/errors.ts): the same
 * German field messages, the same `AppError`, through the one error handler. `null` is how
 * Fastify passes an absent body; the domain reads it as `{}`.
 */
export const sharedSchemaValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, url, httpPart }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${url}: ${httpPart ?? 'schema'} ist kein zod-Schema`);
  if (!routeChecks.enabled || documentationOnly.has(schema)) return () => ({});
  return (data) => {
    try {
      validate(schema, data);
      return {};
    } catch (error) {
      if (error instanceof AppError) return { error };
      throw error;
    }
  };
};

const requireSignedIn: preValidationAsyncHookHandler = (request) => {
  requireUser(request);
  return Promise.resolve();
};

/**
 * Compilers for every route, and the order of refusals kept as before the routes had schemas:
 * a protected route answers 401 before it looks at the request (the handler's `requireUser` used
 * to run before the domain validated).
 */
export const typedRoutesPlugin = fp(
  (app) => {
    app.setValidatorCompiler(sharedSchemaValidatorCompiler);
    app.setSerializerCompiler(sharedSchemaSerializerCompiler);
    app.addHook('onRoute', (route) => {
      if (!routeChecks.enabled || !route.url.startsWith('/api/') || route.config?.public) return;
      const { body, querystring } = route.schema ?? {};
      const checked = [body, querystring].some((part) => part instanceof z.ZodType && !documentationOnly.has(part));
      if (!checked) return;
      route.preValidation = [requireSignedIn, ...[route.preValidation ?? []].flat()];
    });
    return Promise.resolve();
  },
  { name: 'typed-routes' },
);
