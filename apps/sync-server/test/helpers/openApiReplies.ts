import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiPathOf } from '../../src/plugins/apiDocsRules';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { required?: boolean };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

/** The document as a client of this installation reads it (a host as deployed, not localhost). */
export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'sanidok.drk-musterstadt.de' } });
  if (response.statusCode !== 200) throw new Error(`openapi.json: ${response.statusCode}`);
  return response.json();
}

/** How a reply failed its description; undefined when it matches. */
export type ReplyCheck = (method: string, routePath: string, response: LightMyRequestResponse) => { status: string; problem?: string };

/**
 * Checks replies against the document: the status must be described (exactly, or by its range
 * `4XX`), the content type must be one of that answer's, and a JSON body must match the schema
 * (JSON Schema 2020-12, as OpenAPI 3.1 says). Returns the key the status was found under.
 */
export function replyChecker(document: OpenApiDocument): ReplyCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Record<string, unknown>) => {
    let validate = compiled.get(key);
    if (!validate) {
      // The component references (#/components/schemas/…) resolve inside this one root.
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(key, validate);
    }
    return validate;
  };
  return (method, routePath, response) => {
    const path = openApiPathOf(routePath);
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return { status: '', problem: `${method} ${path} ist nicht beschrieben` };
    const code = String(response.statusCode);
    const status = [code, `${code[0] ?? ''}XX`, 'default'].find((key) => operation.responses[key]);
    if (!status) return { status: code, problem: `${operation.operationId}: Status ${code} ist nicht beschrieben` };
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    const content = operation.responses[status]?.content ?? {};
    const media = content[contentType];
    if (!media) return { status, problem: `${operation.operationId} ${code}: ${contentType || 'kein Inhaltstyp'} ist nicht beschrieben (${Object.keys(content).join(', ')})` };
    if (!media.schema || media.schema.format === 'binary') return { status };
    const body: unknown = contentType === 'application/json' ? response.json() : response.body;
    const validate = validatorFor(`${operation.operationId} ${status} ${contentType}`, media.schema);
    if (validate(body)) return { status };
    return { status, problem: `${operation.operationId} ${code}: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 300)}` };
  };
}
