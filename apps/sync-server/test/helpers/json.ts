import type { LightMyRequestResponse } from 'fastify';
import type { ZodType } from 'zod';

/**
 * The response body as JSON, typed: light-my-request's `response.json()` answers `any`, which the
 * typed lint rules (eslint.config.js, strictTypeChecked) refuse to read. Without a schema the
 * caller names the shape it expects (`json<{ id: number }>(response)`, `unknown` by default);
 * with a zod schema of @sanidok/schema the shape is checked as well.
 */
export function json<T = unknown>(response: LightMyRequestResponse, schema?: ZodType<T>): T {
  const body: unknown = response.json();
  return schema ? schema.parse(body) : (body as T);
}
