import { randomUUID } from 'node:crypto';
import { encodeOrganizationSecret } from '@sanidok/crypto';
import { pushRequestSchema, SYNC_SCHEMA_VERSION, syncMutationNames } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { bodyGuardMessages, bodyLimits } from '../../../src/domain/bodyGuard';
import { adminClient } from '../../helpers/admin';
import { databaseFiles } from '../../helpers/archive';
import { createOrganization } from '../../helpers/organizations';
import { servicePayload } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

// Request hardening (docs/security.md, Requests): every write body and every pushed mutation passes
// domain/bodyGuard.ts before anything reads it.

const secretText = encodeOrganizationSecret(Uint8Array.from({ length: 32 }, (_, i) => 255 - i));
const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[], holes: Record<string, string> = {}) =>
  client.request({ method: 'POST', url: '/api/sync/push', headers: { 'content-type': 'application/json' }, payload: jsonText({ deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }, holes) });
const nested = (depth: number): unknown => {
  let value: unknown = { id: 'innen' };
  for (let i = 0; i < depth; i++) value = { args: value };
  return value;
};
/** JSON text nested `depth` levels deep: JSON.stringify of such a value overflows the stack. */
const nestedJson = (depth: number) => `${'{"args":'.repeat(depth)}{"id":"innen"}${'}'.repeat(depth)}`;
/** A request body as JSON text, so that a part of it can be written out by hand. */
const jsonText = (value: unknown, holes: Record<string, string>) =>
  Object.entries(holes).reduce((text, [name, json]) => text.replace(JSON.stringify(name), json), JSON.stringify(value));

interface Result { seq: number; status: string; code?: string; message?: string }

describe('pushed mutations: bounded and never the secret', () => {
  it('refuses a 10,000-deep and a huge mutation with 400 in German, applies the others, and the outbox drains', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const deviceId = randomUUID();
    const response = await push(owner, deviceId, [
      mutation(1, 'service.create', servicePayload(orgId)),
      mutation(2, 'service.update', '<zehntausend Ebenen>'),
      mutation(3, 'service.create', servicePayload(orgId)),
      mutation(4, 'service.create', { ...servicePayload(orgId), description: 'x'.repeat(2_000_000) }),
      mutation(5, 'protocol.create', nested(bodyLimits.maxDepth)),
      mutation(6, 'service.create', servicePayload(orgId)),
    ], { '<zehntausend Ebenen>': nestedJson(10_000) });
    expect(response.statusCode).toBe(200);
    const { lastSeq, results } = response.json<{ lastSeq: number; results: Result[] }>();
    expect(lastSeq).toBe(6);
    expect(results.map((r) => [r.seq, r.status, r.code])).toEqual([
      [1, 'applied', undefined], [2, 'rejected', 'VALIDATION'], [3, 'applied', undefined],
      [4, 'rejected', 'VALIDATION'], [5, 'rejected', 'VALIDATION'], [6, 'applied', undefined],
    ]);
    for (const seq of [2, 4, 5]) expect(results[seq - 1]?.message).toBe(bodyGuardMessages.tooLarge);
    expect(await app.db.selectFrom('services').select('id').execute()).toHaveLength(3);

    // Quarantined without the refused args; a resend answers as settled, nothing stays pending.
    const quarantined = await app.db.selectFrom('syncQuarantine').select(['seq', 'args', 'code']).orderBy('seq').execute();
    expect(quarantined.map((row) => [row.seq, row.code])).toEqual([[2, 'VALIDATION'], [4, 'VALIDATION'], [5, 'VALIDATION']]);
    expect(quarantined.slice(0, 2).map((row) => row.args)).toEqual(['null', 'null']);
    // protocol.create carries patient data: its (empty) args are kept encrypted.
    expect(quarantined[2]?.args).not.toContain('innen');
    const again = await push(owner, deviceId, [mutation(7, 'service.create', servicePayload(orgId))]);
    expect(again.json<{ lastSeq: number }>().lastSeq).toBe(7);
  });

  it('refuses the secret text in every mutation name\'s args with 400 in German and keeps none of it', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const mutations = [
      ...syncMutationNames.map((name, index) => mutation(index + 1, name, { ...servicePayload(orgId), description: `Schlüssel ${secretText}` })),
      mutation(syncMutationNames.length + 1, `service.create ${secretText}`, servicePayload(orgId)),
      mutation(syncMutationNames.length + 2, 'service.create', { ...servicePayload(orgId), [secretText.toLowerCase()]: true }),
      mutation(syncMutationNames.length + 3, 'service.create', servicePayload(orgId)),
    ];
    const response = await push(owner, randomUUID(), mutations);
    const { results } = response.json<{ results: Result[] }>();
    expect(results).toHaveLength(mutations.length);
    for (const result of results.slice(0, -1)) {
      expect([result.status, result.code, result.message], String(result.seq)).toEqual(['rejected', 'SECRET_NOT_ACCEPTED', bodyGuardMessages.secret]);
    }
    expect(results.at(-1)?.status).toBe('applied');
    for (const { path, bytes } of await databaseFiles(app)) {
      for (const text of [secretText, secretText.toLowerCase(), secretText.replace(/-/g, '')]) expect(bytes.includes(Buffer.from(text)), path).toBe(false);
    }
  });
});

describe('REST writes: never the secret', () => {
  it('refuses the secret text on every write route before it is read, with 400 in German', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const platformAdmin = await adminClient(app);
    const { id: orgId } = await createOrganization(owner);
    const writes = app.apiRoutes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, String(orgId));
      const bodies = [{ name: 'Stadtfest', note: secretText }, { [secretText.replace(/-/g, ' ')]: 'x' }, { list: [{ deep: `Bitte merken: ${secretText.toLowerCase()}` }] }];
      for (const payload of bodies) {
        // Admin routes refuse everyone else before the body is read (routes/api/admin.ts).
        const client = route.url.startsWith('/api/admin/') ? platformAdmin : owner;
        const response = await client.request({ method: route.method, url, payload });
        const isPush = route.url === '/api/sync/push';
        // The push body is guarded per mutation (above); its envelope is its schema's (ids, numbers, times).
        const expected = isPush ? [400, 'VALIDATION'] : [400, 'SECRET_NOT_ACCEPTED'];
        expect([response.statusCode, response.json<{ code: string }>().code], `${route.method} ${route.url}`).toEqual(expected);
        if (!isPush) expect(response.json<{ message: string }>().message).toBe(bodyGuardMessages.secret);
      }
    }
    expect(pushRequestSchema.safeParse({ deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [], note: secretText }).data).not.toHaveProperty('note');
    for (const { path, bytes } of await databaseFiles(app)) expect(bytes.includes(Buffer.from(secretText)), path).toBe(false);
  });

  it('refuses a write body nested beyond the limit with 400 in German', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const response = await owner.request({ method: 'POST', url: '/api/organizations', headers: { 'content-type': 'application/json' }, payload: nestedJson(10_000) });
    expect([response.statusCode, response.json()]).toEqual([400, { code: 'VALIDATION', message: bodyGuardMessages.tooLarge }]);
  });
});
