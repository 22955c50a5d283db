import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { mutationNames } from '../../src/domain/sync/registry';
import { addMember, createOrganization } from '../helpers/organizations';
import { createProtocolVia } from '../helpers/protocols';
import { createServiceVia } from '../helpers/services';
import type { Client } from '../helpers/testApp';
import { createTestApp, registeredClient } from '../helpers/testApp';
import { bodyArbitrary, edgeValue, schemaFieldNames } from './arbitraries';
import { json } from '../helpers/json';
import type { ApiErrorBody, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { tableMark, tableNames } from '../helpers/databaseContent';
import { runCount } from '../helpers/runCount';

/**
 * Property-based fuzzing of every sync mutation: malformed and edge args,
 * pushed by a member through POST /api/sync/push. The push itself never fails with a 5xx; each
 * refused mutation comes back 'rejected' with a German message, and leaves the clinical tables as
 * they were (only the device's seq and the quarantine record the refusal, by design).
 */
const runsPerMutation = runCount('FUZZ_MUTATION_RUNS', { quick: 40, deep: 150 });
const recordsRefusal = /devices|sync_quarantine|audit|email_logs|kysely_|sqlite_|rate_limit_windows|attempt_limits/;

async function fingerprint(app: FastifyInstance): Promise<string> {
  const parts: string[] = [];
  for (const name of await tableNames(app)) {
    if (recordsRefusal.test(name)) continue;
    parts.push(await tableMark(app, name));
  }
  return parts.join('|');
}

/** Args: random objects over the schemas' field names, or the real field names with edge values and foreign ids. */
function argsArbitrary(fields: string[], ids: string[]): fc.Arbitrary<unknown> {
  const idLike = fc.oneof(fc.constantFrom(...ids), fc.uuid(), edgeValue);
  const targeted = fc.record(
    { id: idLike, protocolId: idLike, serviceId: idLike, incidentId: idLike, patientId: idLike, organizationId: fc.oneof(fc.integer(), edgeValue), values: fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), edgeValue) },
    { requiredKeys: [] },
  );
  return fc.oneof(bodyArbitrary(fields), targeted, edgeValue);
}

describe('fuzzing every sync mutation', () => {
  let app: FastifyInstance;
  let member: Client;
  let owner: Client;
  let orgId: number;
  let materialIds: number[];
  let ids: string[];
  let serviceId: string;

  async function pushAs(client: Client, name: string, args: unknown): Promise<void> {
    const response = await client.post('/api/sync/push', {
      deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq: 1, name, args, createdAt: new Date().toISOString() }],
    });
    expect(json<PushResponse>(response).results[0]?.status, name).toBe('applied');
  }

  beforeAll(async () => {
    app = await createTestApp();
    owner = await registeredClient(app, 'olga');
    ({ id: orgId } = await createOrganization(owner));
    member = await addMember(app, owner, orgId, 'mona');
    const service = await createServiceVia(owner, orgId);
    const protocol = await createProtocolVia(owner, service.id);
    const stranger = await registeredClient(app, 'fremd');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Organisation');
    const foreignService = await createServiceVia(stranger, otherOrg);
    const foreignProtocol = await createProtocolVia(stranger, foreignService.id);
    serviceId = service.id;
    // MANV: an incident and a tag of the member's organisation, so fuzzed ids hit real rows.
    const incidentId = randomUUID();
    const patientId = randomUUID();
    await pushAs(owner, 'manvIncident.open', { id: incidentId, serviceId: service.id, name: 'Übung', startedAt: new Date().toISOString() });
    await pushAs(owner, 'manvPatient.register', { id: patientId, incidentId, tagNumber: '1', createdAt: new Date().toISOString() });
    ids = [foreignService.id, foreignProtocol.protocol.id, service.id, protocol.protocol.id, incidentId, patientId];
    const material = json<{ id: number }>(await owner.post('/api/materials', { organizationId: orgId, name: 'Kühlpack', unit: 'Stück' }));
    const foreignMaterial = json<{ id: number }>(await stranger.post('/api/materials', { organizationId: otherOrg, name: 'Fremd', unit: 'Stück' }));
    materialIds = [material.id, foreignMaterial.id];
  }, 60_000);

  it('rejects every malformed mutation with a German message and changes nothing', { timeout: 600_000 }, async () => {
    const fields = schemaFieldNames();
    const deviceId = randomUUID();
    let seq = 0;
    const outcomes = new Map<string, number>();
    for (const name of mutationNames) {
      await fc.assert(
        fc.asyncProperty(argsArbitrary(fields, ids), async (args) => {
          const before = await fingerprint(app);
          seq += 1;
          const response = await member.post('/api/sync/push', {
            deviceId,
            schemaVersion: SYNC_SCHEMA_VERSION,
            mutations: [{ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() }],
          });
          // A body the JSON parser refuses outright (e.g. a "__proto__" key) fails the whole push with 400.
          if (response.statusCode === 400) {
            // The server never saw this seq: the next push reuses it (a gap would stop every later batch).
            seq -= 1;
            expect(json<ApiErrorBody>(response).message, name).toMatch(/[a-zäöüß]/i);
            expect(await fingerprint(app), `${name} refused but changed the database`).toBe(before);
            return;
          }
          expect(response.statusCode, `${name} ${JSON.stringify(args)}`).toBe(200);
          const [result] = json<PushResponse>(response).results;
          expect(result?.status, `${name}: no result`).toMatch(/^(applied|rejected)$/);
          outcomes.set(result?.status ?? 'none', (outcomes.get(result?.status ?? 'none') ?? 0) + 1);
          if (result?.status === 'rejected') {
            expect(result.message, name).toMatch(/[a-zäöüß]/i);
            expect(result.message, name).not.toMatch(/at \w+ \(|TypeError|undefined is not/);
            expect(await fingerprint(app), `${name} rejected but changed the database`).toBe(before);
          }
        }),
        { numRuns: runsPerMutation },
      );
    }
    console.log(`Mutations-Fuzzing: ${seq} Änderungen an ${mutationNames.length} Mutationen, Ergebnisse: ${[...outcomes].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    // Random args with real ids are sometimes valid (an access event, a vital sign): most must still be refused.
    expect(outcomes.get('rejected') ?? 0).toBeGreaterThan(seq * 0.8);
  });

  // A member's template and MANV-incident mutations stop at the role check: the owner fuzzes them
  // past it, with the real organisation, its material and another organisation's.
  it('rejects every malformed template or MANV-incident mutation of an owner with a German message and changes nothing', { timeout: 300_000 }, async () => {
    const deviceId = randomUUID();
    let seq = 0;
    const text = fc.oneof(fc.string({ maxLength: 50 }), edgeValue);
    const materials = fc.oneof(
      fc.array(fc.record({ materialId: fc.oneof(fc.constantFrom(...materialIds), fc.integer(), edgeValue), quantity: fc.oneof(fc.integer(), edgeValue) }, { requiredKeys: [] }), { maxLength: 25 }),
      edgeValue,
    );
    const args = fc.record(
      {
        id: fc.oneof(fc.uuid(), fc.constantFrom(...ids), edgeValue), organizationId: fc.oneof(fc.constant(orgId), fc.integer(), edgeValue), name: text, description: text, materials,
        // MANV incidents: owner and admins only, so the owner fuzzes them too.
        serviceId: fc.oneof(fc.constant(serviceId), fc.uuid(), edgeValue), startedAt: fc.oneof(fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())), text),
        endedAt: fc.oneof(fc.constant(null), fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())), edgeValue), blueEnabled: fc.oneof(fc.boolean(), edgeValue),
      },
      { requiredKeys: [] },
    );
    for (const name of mutationNames.filter((n) => n.startsWith('treatmentTemplate.') || n.startsWith('manvIncident.'))) {
      await fc.assert(
        fc.asyncProperty(args, async (input) => {
          const before = await fingerprint(app);
          seq += 1;
          const response = await owner.post('/api/sync/push', {
            deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq, name, args: input, createdAt: new Date().toISOString() }],
          });
          if (response.statusCode === 400) {
            seq -= 1;
            expect(json<ApiErrorBody>(response).message, name).toMatch(/[a-zäöüß]/i);
            return;
          }
          expect(response.statusCode, `${name} ${JSON.stringify(input)}`).toBe(200);
          const [result] = json<PushResponse>(response).results;
          expect(result?.status, `${name}: no result`).toMatch(/^(applied|rejected)$/);
          if (result?.status === 'rejected') {
            expect(result.message, name).toMatch(/[a-zäöüß]/i);
            expect(result.message, name).not.toMatch(/at \w+ \(|TypeError|undefined is not/);
            expect(await fingerprint(app), `${name} rejected but changed the database`).toBe(before);
          }
        }),
        { numRuns: runsPerMutation },
      );
    }
  });
});
