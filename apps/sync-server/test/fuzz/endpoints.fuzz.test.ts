import { sql } from 'kysely';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../helpers/admin';
import { addMember, createOrganization } from '../helpers/organizations';
import { createServiceVia } from '../helpers/services';
import { Client, createTestApp, registeredClient } from '../helpers/testApp';
import { bodyArbitrary, paramArbitrary, queryArbitrary, schemaFieldNames } from './arbitraries';
import { json } from '../helpers/json';
import { tableMark, tableNames } from '../helpers/databaseContent';
import { runCount } from '../helpers/runCount';

/**
 * Property-based fuzzing of every /api route the app registers: malformed
 * and edge inputs derived from the shared schemas' field names, as anonymous, member and platform
 * admin. Never a 5xx; every refusal is a German `{message, code}` and leaves the database as it was.
 */
const totalRuns = runCount('FUZZ_RUNS', { quick: 2500, deep: 10_000 });
// Password hashing costs ~70 ms: these routes get fewer runs so that the suite stays fast.
const slowRoutes = /\/(login|register|change-password|reset-password)$/;
const slowRuns = 30;

// Tables that legitimately change on a refused request: audit of denied admin attempts, the sync
// quarantine (a rejected mutation is kept by design), mail logs, migration bookkeeping, and on
// PostgreSQL the rate limits and failed-attempt counts (a refused request counts by design) and the
// board streams' leases (a stream admitted earlier ends at its own time, plugins/streamLeases.ts).
const excluded = /audit|quarantine|email_logs|kysely_|sqlite_|rate_limit_windows|attempt_limits|board_stream_leases/;

async function fingerprint(app: FastifyInstance): Promise<string> {
  const parts: string[] = [];
  for (const name of await tableNames(app)) {
    if (excluded.test(name)) continue;
    parts.push(await tableMark(app, name));
  }
  const version = await sql<{ version: number }>`select version from sync_state`.execute(app.db);
  return `${parts.join('|')}|v${version.rows[0]?.version}`;
}

describe('fuzzing every endpoint', () => {
  let app: FastifyInstance;
  let clients: Client[];
  let foreignIds: string[];

  beforeAll(async () => {
    app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const member = await addMember(app, owner, orgId, 'mona');
    await createServiceVia(owner, orgId);
    await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: orgId });
    const stranger = await registeredClient(app, 'fremd');
    const { id: otherOrg } = await createOrganization(stranger, 'Fremde Organisation');
    const foreignService = await createServiceVia(stranger, otherOrg);
    const foreignMaterial = json<{ id: number }>(await stranger.post('/api/materials', { name: 'Fremd', unit: 'Stück', organizationId: otherOrg }));
    // With both factors, so that the admin routes are fuzzed past the two-factor check.
    const admin = await adminClient(app);
    clients = [new Client(app), member, admin];
    // Never the fuzzing users' own ids: a valid admin call could block them and end the run early.
    foreignIds = [String(otherOrg), foreignService.id, String(foreignMaterial.id)];
  }, 60_000);

  it('answers every malformed request with a German 4xx and changes nothing', { timeout: 600_000 }, async () => {
    const routes = app.apiRoutes;
    expect(routes.length).toBeGreaterThan(20);
    const fields = schemaFieldNames();
    const slow = routes.filter((r) => slowRoutes.test(r.url)).length;
    const perRoute = Math.max(10, Math.floor((totalRuns - slow * slowRuns) / (routes.length - slow)));
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      // Signing out would end the fuzzing session: that route is fuzzed anonymously.
      const maxWho = route.url === '/api/logout' ? 0 : clients.length - 1;
      const request = fc.record({
        who: fc.nat({ max: maxWho }),
        params: fc.array(paramArbitrary(foreignIds), { minLength: 3, maxLength: 3 }),
        query: queryArbitrary(fields),
        body: bodyArbitrary(fields),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ who, params, query, body }) => {
          let index = 0;
          const url = route.url.replace(/:[A-Za-z]+/g, () => params[index++] ?? 'x') + (query ? `?${query}` : '');
          // Mail queued by an earlier request leaves the outbox in the background; on PostgreSQL
          // that runs beside this request (plugins/mailer.ts), so it settles first.
          await app.mailer.flush();
          const before = await fingerprint(app);
          const client = clients[who];
          if (!client) throw new Error(`Kein Client ${who}`);
          const response = await client.request({
            method: route.method,
            url,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          requests += 1;
          // An accepted request may have queued mail; delivery after the commit changes the outbox, so let it settle first.
          if (response.statusCode < 400) await app.mailer.flush();
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const error = json<Partial<Record<'message' | 'code', unknown>>>(response);
            expect(typeof error.message).toBe('string');
            expect(typeof error.code).toBe('string');
            expect(await fingerprint(app), `${route.method} ${url} → ${response.statusCode} changed the database`).toBe(before);
          }
        }),
        { numRuns: slowRoutes.test(route.url) ? slowRuns : perRoute },
      );
    }
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`Fuzzing: ${requests} Anfragen an ${routes.length} Endpunkte, Antworten: ${histogram}`);
    expect(requests).toBeGreaterThanOrEqual(Math.min(totalRuns, 10_000) * 0.9);
  });
});
