import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/domain/accounts/bootstrapAdmin';
import { routeChecks } from '../../src/plugins/typedRoutes';
import { addMember, createOrganization } from '../helpers/organizations';
import { createServiceVia } from '../helpers/services';
import { Client, createTestApp, registeredClient } from '../helpers/testApp';
import { bodyArbitrary, paramArbitrary, queryArbitrary, schemaFieldNames } from './arbitraries';
import { runCount } from '../helpers/runCount';

/**
 * The route schemas must not change an answer: the same malformed requests go to an
 * app that checks them at the route and to one that leaves them to the domain commands, as
 * before the routes had schemas. Status and error body (`{message, code[, fields]}`) must match,
 * for anonymous callers, members and the platform admin, on every route that takes input.
 */
const runsPerRoute = runCount('FUZZ_ROUTE_RUNS', { quick: 8, deep: 30 });
const slowRoutes = /\/(login|register|change-password|reset-password)$/;

interface World { app: FastifyInstance; clients: Client[]; ids: string[] }

async function world(): Promise<World> {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const member = await addMember(app, owner, orgId, 'mona');
  const service = await createServiceVia(owner, orgId);
  const material = (await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: orgId })).json<{ id: number }>();
  await ensureFirstAdmin(app.db, { username: 'plattform', password: 'admin-passwort' });
  const admin = new Client(app);
  await admin.post('/api/login', { username: 'plattform', password: 'admin-passwort' });
  return { app, clients: [new Client(app), member, admin], ids: [String(orgId), service.id, String(material.id)] };
}

describe('route schemas keep every answer', () => {
  let checked: World;
  let unchecked: World;

  beforeAll(async () => {
    checked = await world();
    routeChecks.enabled = false;
    try {
      unchecked = await world();
    } finally {
      routeChecks.enabled = true;
    }
  }, 60_000);

  it('answers a malformed request with the same status and body with and without route checks', { timeout: 600_000 }, async () => {
    const fields = schemaFieldNames();
    // Ids are slots: the n-th id of each world (its organisation, service, material), or the same garbage in both.
    const param = fc.oneof(fc.nat({ max: 2 }).map((slot) => ({ slot })), paramArbitrary(['1']).map((value) => ({ value })));
    const routes = checked.app.apiRoutes.filter((route) => route.method !== 'GET' || /sync\/pull|admin\/(users|organizations|services)$/.test(route.url));
    expect(routes.length).toBeGreaterThan(30);
    let compared = 0;
    for (const route of routes) {
      if (route.url === '/api/logout') continue; // would end the sessions both worlds fuzz with
      const request = fc.record({
        who: fc.nat({ max: 2 }),
        params: fc.array(param, { minLength: 3, maxLength: 3 }),
        query: queryArbitrary(fields),
        body: bodyArbitrary(fields),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ who, params, query, body }) => {
          const answers = [];
          for (const { clients, ids } of [checked, unchecked]) {
            let index = 0;
            const path = route.url.replace(/:[A-Za-z]+/g, () => {
              const p = params[index++];
              return p && 'slot' in p ? (ids[p.slot] ?? 'x') : (p?.value ?? 'x');
            });
            const client = clients[who] as Client;
            answers.push(await client.request({
              method: route.method,
              url: path + (query ? `?${query}` : ''),
              ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
            }));
          }
          const [withChecks, withoutChecks] = answers;
          const where = `${route.method} ${route.url} als ${who}: ${JSON.stringify(body).slice(0, 200)}`;
          expect(withChecks?.statusCode, where).toBe(withoutChecks?.statusCode);
          if ((withChecks?.statusCode ?? 0) >= 400) expect(withChecks?.json(), where).toEqual(withoutChecks?.json());
          compared += 1;
        }),
        { numRuns: slowRoutes.test(route.url) ? 5 : runsPerRoute },
      );
    }
    expect(compared).toBeGreaterThan(routes.length * 5);
  });
});
