import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedSchemaSerializerCompiler } from '../../../src/plugins/replySerializer';
import { createTestApp } from '../../helpers/testApp';

/**
 * Replies are serialised from their schema: whatever a query returns, a field the
 * schema does not name never reaches the client. Every reply schema of every route gets a valid
 * value with secrets mixed into each object (the column names of db/database.ts and the
 * configuration's data key); none of them may come out. The same value without the secrets
 * comes out unchanged: the schema keeps what it names.
 */
const secrets: Record<string, string> = {
  passwordHash: '$argon2id$v=19$GEHEIM-hash',
  passwordEnc: 'GEHEIM-smtp-passwort',
  password: 'GEHEIM-passwort',
  smtpPassword: 'GEHEIM-smtp',
  tokenDigest: 'GEHEIM-token-digest',
  token: 'GEHEIM-token',
  sessionId: 'GEHEIM-sitzung',
  dataKey: 'GEHEIM-datenschluessel',
  usernameKey: 'GEHEIM-usernamekey',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/**
 * A valid value of a reply schema (the first option of every choice), with the secrets in every
 * object at every depth when asked. Not in records: their keys are data (field → message).
 */
function sample(schema: z.ZodType, withSecrets = false): unknown {
  const def = defOf(schema);
  const inner = (key: string) => sample(def[key] as z.ZodType, withSecrets);
  switch (def.type) {
    case 'object': {
      const named = Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, sample(value, withSecrets)]));
      return withSecrets ? { ...named, ...secrets } : named;
    }
    case 'array': return [inner('element')];
    // A reply string with a format (a key's base64url, an id) gets a sample that has it.
    case 'string': return ['Text', 'A'.repeat(43), '00000000-0000-4000-8000-000000000000'].find((text) => schema.safeParse(text).success) ?? 'Text';
    case 'number': return 7;
    case 'boolean': return true;
    case 'literal': return (def.values as unknown[])[0];
    case 'enum': return Object.values(def.entries as Record<string, unknown>)[0];
    case 'nullable':
    case 'optional': return inner('innerType');
    case 'union': return sample((def.options as z.ZodType[])[0] as z.ZodType, withSecrets);
    case 'record': return { feld: inner('valueType') };
    default: throw new Error(`Kein Beispiel für ${def.type}`);
  }
}

describe('replies carry only what their schema names', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('every route declares a reply schema for success and for refusals', () => {
    const without = app.apiRoutes.filter((route) => {
      const statuses = Object.keys(route.response ?? {});
      return !statuses.some((status) => status.startsWith('2')) || !statuses.includes('4xx');
    });
    expect(without.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('drops password hashes, token digests, data keys and SMTP passwords from every reply', () => {
    let checked = 0;
    for (const route of app.apiRoutes) {
      for (const [status, schema] of Object.entries((route.response ?? {}) as Record<string, unknown>)) {
        if (!(schema instanceof z.ZodType)) continue; // PDF and HTML answers: bytes and text, not JSON.
        const serialize = sharedSchemaSerializerCompiler({ schema, method: route.method, url: route.url, httpStatus: status });
        const valid = sample(schema);
        const where = `${route.method} ${route.url} ${status}`;
        expect(JSON.parse(serialize(valid)), where).toEqual(valid);
        const sent = serialize(sample(schema, true));
        expect(sent.match(/GEHEIM|argon2/g), where).toBeNull();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(app.apiRoutes.length * 2 - 5);
  });
});
