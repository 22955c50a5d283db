import { randomUUID } from 'node:crypto';
import type { MutationResult } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, MutationOutcome, State, StateTable } from './actors';
import { actors, refusalByCode } from './actors';
import { expectNothingHidden, expectRefusalBody } from './leaks';
import type { MutationKey } from './matrix';
import { mutationMatrix, mutationNameOf } from './matrix';
import { mutationArgs } from './mutationArgs';
import type { World } from './world';
import { buildWorld } from './world';

/**
 * One test per cell of the mutation matrix (matrix.ts): the mutation pushed by the actor's
 * device through POST /api/sync/push, in the row's state. Signed out, the push itself answers
 * 401; otherwise the mutation is applied, or rejected with the code whose REST status the
 * matrix names, and a German reason that gives nothing away.
 */
let world: World;

beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

async function checkCase(key: MutationKey, state: State, actor: Actor, expected: MutationOutcome): Promise<void> {
  const args = await mutationArgs[key]({ world, actor, state, scope: world.scopes[state] });
  const mutation = { mutationId: randomUUID(), seq: 1, name: mutationNameOf(key), args, createdAt: new Date().toISOString() };
  // A new device per case: every batch starts at seq 1 and no case replays another.
  const response = await world.clients[actor].post('/api/sync/push', { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [mutation] });
  if (expected === 401) {
    expect(response.statusCode, response.body).toBe(401);
    expectRefusalBody(response, 401);
    return;
  }
  expect(response.statusCode, response.body).toBe(200);
  const [result] = response.json<{ results: MutationResult[] }>().results;
  if (expected === 'applied') {
    expect(result, response.body).toMatchObject({ mutationId: mutation.mutationId, status: 'applied' });
    return;
  }
  expect(result?.status, response.body).toBe('rejected');
  expect(refusalByCode[result?.code ?? ''], response.body).toBe(expected);
  expect(result?.message).toMatch(/\S/);
  expectNothingHidden(world, actor, key, expected, JSON.stringify(result));
}

describe('Autorisierungsmatrix: Sync-Mutationen über POST /api/sync/push', () => {
  for (const key of Object.keys(mutationMatrix) as MutationKey[]) {
    const table: StateTable<MutationOutcome> = mutationMatrix[key];
    describe(key, () => {
      for (const [state, expectation] of Object.entries(table) as [State, Record<Actor, MutationOutcome>][]) {
        for (const actor of actors) {
          it(`${state} · ${actor} → ${expectation[actor]}`, () => checkCase(key, state, actor, expectation[actor]));
        }
      }
    });
  }
});
