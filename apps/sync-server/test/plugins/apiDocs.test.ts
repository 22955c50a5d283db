import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointOf, restMatrix } from '../authorization/matrix';
import { createTestApp } from '../helpers/testApp';

/** OpenAPI path of a Fastify route: `/api/services/:id` → `/api/services/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('API description', () => {
  let app: FastifyInstance;
  let document: { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>; components: { securitySchemes: Record<string, unknown> } };

  beforeAll(async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The parser dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every route of the authorisation matrix with a German summary and a tag', () => {
    const missing: string[] = [];
    for (const key of Object.keys(restMatrix)) {
      const { method, path } = endpointOf(key);
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      if (!operation?.summary || !operation.tags?.length) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('describes nothing but the API, and every registered route', () => {
    const described = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.filter((operation) => !operation.split(' ')[1]?.startsWith('/api/'))).toEqual([]);
    const registered = app.apiRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(described.sort()).toEqual([...new Set(registered)].sort());
  });

  it('names the session cookie and the client header as security schemes; public calls need neither', () => {
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'sanidok_session' },
      client: { type: 'apiKey', in: 'header', name: 'x-sanidok-client' },
    });
    expect(document.paths['/api/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/services']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/services']?.post?.security).toEqual([{ session: [], client: [] }]);
  });

  it('serves a readable page from the server itself, within the app CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const source of sources.filter((s) => s.endsWith('.js'))) {
      const url = source.startsWith('/') ? source : `/api/docs/${source.replace(/^\.\//, '')}`;
      const script = await app.inject({ method: 'GET', url });
      expect(script.statusCode, url).toBe(200);
    }
  });
});
