import { beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../helpers/smtp';
import type { Actor, Refusal, RestOutcome, State, StateTable } from './actors';
import { actors } from './actors';
import { expectNothingHidden, expectOwnRowsListed, expectRefusalBody, matchesPath, missingPayload, missingVariant } from './leaks';
import type { RestKey } from './matrix';
import { endpointOf, restMatrix } from './matrix';
import { restRequests } from './requests';
import type { World } from './world';
import { buildWorld } from './world';

/**
 * One test per cell of the REST matrix (matrix.ts): the row's request, in the row's state, as
 * the actor, against one world of real data built through the API. Besides the status every
 * answer is checked for leaks: refusals carry only {message, code}, an outsider's 404 equals
 * the 404 of a missing resource, and nobody reads rows of an organisation they do not belong to.
 */
let world: World;

beforeAll(async () => {
  const smtp = await startSmtpServer();
  world = await buildWorld({ smtpPort: smtp.port });
}, 60_000);

async function checkCase(key: RestKey, state: State, actor: Actor, expected: RestOutcome): Promise<void> {
  const { method, path } = endpointOf(key);
  const spec = await restRequests[key]({ world, actor, state, scope: world.scopes[state] });
  expect(matchesPath(spec.url, path), `${spec.url} ruft nicht ${path}`).toBe(true);
  const requester = spec.as ?? world.clients[actor];
  const send = (url: string, payload: unknown) => requester.request({ method, url, ...(payload !== undefined && { payload: payload as object }) });
  const response = await send(spec.url, spec.payload);
  try {
    expect(response.statusCode, response.body).toBe(expected);
    expectNothingHidden(world, actor, key, response.statusCode, response.body);
    if (response.statusCode >= 400) expectRefusalBody(response, response.statusCode as Refusal);
    else {
      if (spec.listsOwnRows) expectOwnRowsListed(world, actor, response);
      spec.expectBody?.(response.json());
    }
    if (response.statusCode === 404) {
      // The same request about a resource that does not exist must answer exactly the same.
      const missing = await send(missingVariant(spec.url), missingPayload(spec.payload));
      expect(missing.json(), 'ein fremdes Objekt antwortet anders als ein fehlendes').toEqual(response.json());
    }
  } finally {
    await spec.cleanup?.(response);
  }
}

describe('Autorisierungsmatrix: REST-Endpunkte', () => {
  for (const key of Object.keys(restMatrix) as RestKey[]) {
    const table: StateTable<RestOutcome> = restMatrix[key];
    describe(key, () => {
      for (const [state, expectation] of Object.entries(table) as [State, Record<Actor, RestOutcome>][]) {
        for (const actor of actors) {
          it(`${state} · ${actor} → ${expectation[actor]}`, () => checkCase(key, state, actor, expectation[actor]));
        }
      }
    });
  }
});
