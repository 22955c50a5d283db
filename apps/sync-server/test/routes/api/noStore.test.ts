import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, State } from '../../authorization/actors';
import type { RestKey } from '../../authorization/matrix';
import { endpointOf, restMatrix } from '../../authorization/matrix';
import { restRequests } from '../../authorization/requests';
import type { World } from '../../authorization/world';
import { buildWorld } from '../../authorization/world';
import { startSmtpServer } from '../../helpers/smtp';

// No API answer may stay in the browser's HTTP cache (a shared tablet keeps
// what the app already deleted). Every row of the authorisation matrix, granted and refused.

let world: World;

beforeAll(async () => {
  const smtp = await startSmtpServer();
  world = await buildWorld({ smtpPort: smtp.port });
}, 60_000);

async function cacheControlOf(key: RestKey, actor: Actor): Promise<[number, unknown]> {
  const { method } = endpointOf(key);
  const state = Object.keys(restMatrix[key])[0] as State;
  const spec = await restRequests[key]({ world, actor, state, scope: world.scopes[state] });
  const requester = spec.as ?? world.clients[actor];
  const response = await requester.request({ method: method, url: spec.url, ...(spec.payload !== undefined && { payload: spec.payload as object }) });
  await spec.cleanup?.(response);
  return [response.statusCode, response.headers['cache-control']];
}

describe('Cache-Control: no-store on every /api answer', () => {
  for (const key of Object.keys(restMatrix) as RestKey[]) {
    it(key, async () => {
      for (const actor of ['owner', 'anonymous'] as const) {
        const [status, cacheControl] = await cacheControlOf(key, actor);
        expect(cacheControl, `${actor} → ${status}`).toBe('no-store');
      }
    });
  }

  it('also on unknown API paths, and not on the app itself', async () => {
    expect((await world.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' })).headers['cache-control']).toBe('no-store');
    expect((await world.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toBe('no-store');
  });
});
