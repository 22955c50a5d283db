// @vitest-environment node
// Model-based property test of the whole sync path (docs/sync-protocol.md): real repositories,
// outbox and SyncEngine on fake-indexeddb against the real in-process server (buildApp on a SQLite
// file that survives restarts). Random sequences of local writes on two or three devices (owner,
// admin, a second install of the owner, a member whose writes the server must refuse), offline
// periods, lost replies, gateway errors, timer ticks and server restarts; the model (syncModel.ts)
// says what the server must answer to every push and what it must hold in the end.
//
// A failure prints fast-check's seed, path and shrunk counterexample; replay it with
//   SYNC_PROPERTY_SEED=<seed> SYNC_PROPERTY_PATH=<path> npx vitest run --project pwa test/integration/syncProperty.test.ts
// and paste the step list into a deterministic `runScenario` test below. SYNC_PROPERTY_RUNS sets
// the number of runs (default 30), SYNC_PROPERTY_STATS=1 prints what the runs exercised.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as DbModule from '../../src/data/db';
import type * as LocalWritesModule from '../../src/data/localWrites';
import type { DeviceSpec, Step, Template, WriteTiming } from './syncHarness';
import { buildTemplate, runScenario } from './syncHarness';

// Several simulated devices live in one process: the repositories write to the device the harness
// names (the app itself has one signed-in database per tab), and a write wakes only that device's
// engine, as on separate tablets.
vi.mock('../../src/data/db', async (importOriginal) => {
  const actual = await importOriginal<typeof DbModule>();
  const { activeDevice } = await import('./activeDevice');
  return { ...actual, activeDatabase: () => activeDevice.db ?? actual.activeDatabase() };
});
vi.mock('../../src/data/localWrites', async (importOriginal) => {
  const actual = await importOriginal<typeof LocalWritesModule>();
  const { onDeviceLocalWrite, notifyDeviceLocalWrite } = await import('./activeDevice');
  return { ...actual, onLocalWrite: onDeviceLocalWrite, notifyLocalWrite: notifyDeviceLocalWrite };
});

// `pnpm test:deep` (TEST_DEEP=1) runs more histories; as apps/sync-server/test/helpers/runCount.ts.
const numRuns = Number(process.env.SYNC_PROPERTY_RUNS || (process.env.TEST_DEEP === '1' ? 100 : 30));
const seed = process.env.SYNC_PROPERTY_SEED === undefined ? undefined : Number(process.env.SYNC_PROPERTY_SEED);
const replayPath = process.env.SYNC_PROPERTY_PATH;

// Undefined when buildTemplate failed: afterAll then has nothing to dispose.
let template: Template | undefined;
beforeAll(async () => {
  template = await buildTemplate();
}, 30_000);

/** The template beforeAll built; a test only runs after it succeeded. */
function built(): Template {
  if (!template) throw new Error('Die Vorlage wurde nicht gebaut.');
  return template;
}
afterAll(async () => {
  await template?.dispose();
});

// ---- Generators ----

const deviceSetups: readonly (readonly DeviceSpec['role'][])[] = [
  ['owner', 'admin'],
  ['owner', 'owner'],
  ['owner', 'admin', 'member'],
  ['owner', 'admin', 'owner'],
];

const specsArbitrary = fc
  .tuple(
    fc.constantFrom(...deviceSetups),
    fc.array(fc.constantFrom(1, 2, 3, 200), { minLength: 3, maxLength: 3 }),
    fc.array(fc.constantFrom(1, 2, 500), { minLength: 3, maxLength: 3 }),
  )
  .map(([roles, batchSizes, pageSizes]) => roles.map((role, i): DeviceSpec => ({ role, batchSize: batchSizes[i] ?? 200, pageSize: pageSizes[i] ?? 500 })));

const device = fc.nat(2);
const index = fc.nat(7);
const timing = fc.constantFrom<WriteTiming>('idle', 'idle', 'idle', 'cycle', 'push', 'pull', 'push-offline', 'pull-offline');
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

// Plain objects (fast-check may otherwise make null-prototype ones), so a printed counterexample
// pastes straight into a `runScenario` test.
const record = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(shape, { noNullPrototype: true });

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: record({ kind: fc.constant('create' as const), device, name: index, location: index, description: index, start: index, duration: index, timing }) },
  {
    weight: 6,
    arbitrary: record({
      kind: fc.constant('update' as const), device, target: index, name: maybe(index), location: maybe(index), description: maybe(index),
      dates: maybe(fc.tuple(index, index)), move: maybe(fc.tuple(fc.constantFrom('start' as const, 'end' as const), index)), timing,
    }),
  },
  { weight: 4, arbitrary: record({ kind: fc.constantFrom('archive' as const, 'complete' as const, 'delete' as const), device, target: index, timing }) },
  { weight: 3, arbitrary: record({ kind: fc.constant('offline' as const), device }) },
  { weight: 2, arbitrary: record({ kind: fc.constant('online' as const), device }) },
  { weight: 2, arbitrary: record({ kind: fc.constantFrom('sync' as const, 'tick' as const), device }) },
  {
    weight: 3,
    arbitrary: record({
      kind: fc.constant('fault' as const), device, request: fc.constantFrom('push' as const, 'pull' as const), when: fc.constantFrom('before' as const, 'after' as const),
      status: fc.constantFrom(0, 502, 503),
    }),
  },
  { weight: 1, arbitrary: record({ kind: fc.constant('restart' as const) }) },
);

// ---- The property ----

describe('sync path, model-based', () => {
  it(
    'every accepted write lands exactly once, every refusal is quarantined and shown, all devices converge',
    async () => {
      const started = performance.now();
      const totals: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(specsArbitrary, fc.array(stepArbitrary, { minLength: 1, maxLength: 30, size: 'max' }), async (specs, steps) => {
          const counts = await runScenario(built(), specs, steps);
          for (const [what, n] of Object.entries(counts)) totals[what] = (totals[what] ?? 0) + n;
        }),
        {
          numRuns,
          ...(seed === undefined ? {} : { seed }),
          ...(replayPath === undefined ? {} : { path: replayPath }),
          // Shrinking replays whole scenarios; past this budget fast-check stops shrinking and reports
          // the smallest counterexample so far (with seed and path) before the test's timeout.
          skipAllAfterTimeLimit: 100_000,
        },
      );
      // What the runs exercised (SYNC_PROPERTY_STATS=1): shows when a generator change starves a case.
      const summary = Object.entries(totals).sort(([a], [b]) => a.localeCompare(b)).map(([what, n]) => `\n  ${what}: ${n}`);
      console.info(`syncProperty: ${numRuns} Läufe in ${Math.round(performance.now() - started)} ms${process.env.SYNC_PROPERTY_STATS ? summary.join('') : ''}`);
    },
    150_000,
  );
});

// ---- The nastiest cases, spelled out (odd targets: the run's n-th created service, n = target ÷ 2) ----

describe('sync path, examples', () => {
  it('a lost reply, then a server restart, then the resend: everything applied exactly once', async () => {
    const steps: Step[] = [
      { kind: 'offline', device: 0 },
      { kind: 'create', device: 0, name: 0, location: 0, description: 1, start: 1, duration: 0, timing: 'idle' },
      { kind: 'create', device: 0, name: 1, location: 1, description: 0, start: 3, duration: 1, timing: 'idle' },
      { kind: 'update', device: 0, target: 1, name: 2, location: undefined, description: undefined, dates: undefined, move: undefined, timing: 'idle' },
      { kind: 'archive', device: 0, target: 1, timing: 'idle' },
      // Not ended yet: the device knows the rule (packages/schema serviceRules.ts) and refuses before
      // queuing anything, so nothing reaches the server.
      { kind: 'archive', device: 0, target: 3, timing: 'idle' },
      { kind: 'fault', device: 0, request: 'push', when: 'after', status: 0 },
      { kind: 'online', device: 0 },
      { kind: 'restart' },
      { kind: 'sync', device: 0 },
    ];
    await runScenario(built(), [{ role: 'owner', batchSize: 200 }, { role: 'admin', batchSize: 200 }], steps, async (run) => {
      const owner = run.devices[0];
      expect(run.server.restarts).toBe(1);
      expect(owner?.model.lastSeq).toBe(4);
      expect([...(owner?.model.rejections.keys() ?? [])]).toEqual([]);
      const [archived, upcoming] = run.ids.map((id) => run.model.services.get(id));
      expect(archived).toMatchObject({ name: 'Rockkonzert', status: 'archived' });
      expect(upcoming).toMatchObject({ status: 'active' });
      // The admin's device, which never wrote, shows both services as the server has them.
      expect((await run.devices[1]?.db.services.count()) ?? 0).toBe(2);
    });
  });

  it('two devices edit the same field concurrently: the later push wins, the replaced value is kept for review', async () => {
    const steps: Step[] = [
      { kind: 'create', device: 0, name: 0, location: 0, description: 0, start: 3, duration: 0, timing: 'idle' },
      { kind: 'sync', device: 1 },
      { kind: 'offline', device: 0 },
      { kind: 'offline', device: 1 },
      { kind: 'update', device: 0, target: 1, name: 1, location: undefined, description: 1, dates: undefined, move: undefined, timing: 'idle' },
      { kind: 'update', device: 1, target: 1, name: 2, location: 1, description: undefined, dates: undefined, move: undefined, timing: 'idle' },
      { kind: 'online', device: 0 },
      { kind: 'online', device: 1 },
    ];
    await runScenario(built(), [{ role: 'owner', batchSize: 200 }, { role: 'admin', batchSize: 200 }], steps, async (run) => {
      const [id] = run.ids;
      const service = run.model.services.get(id ?? '');
      // Last writer per field: the admin's name, the owner's description, the admin's location.
      expect(service).toMatchObject({ name: 'Rockkonzert', description: 'Sanitätswache', location: 'Stadion', needsReview: true });
      const revisions = await run.server.db.selectFrom('fieldRevisions').selectAll().where('entityId', '=', id ?? '').execute();
      expect(revisions.map((r) => ({ field: r.field, replacedValue: r.replacedValue, newValue: r.newValue }))).toEqual([
        { field: 'name', replacedValue: 'Marathon Nord', newValue: 'Rockkonzert' },
      ]);
      for (const device of run.devices) expect((await device.db.services.get(id ?? ''))?.name).toBe('Rockkonzert');
    });
  });

  it('an edit made while a pull is in flight is not hidden by the pulled row, and wins afterwards', async () => {
    const steps: Step[] = [
      { kind: 'create', device: 0, name: 0, location: 0, description: 0, start: 3, duration: 0, timing: 'idle' },
      { kind: 'sync', device: 1 },
      { kind: 'update', device: 0, target: 1, name: 1, location: undefined, description: undefined, dates: undefined, move: undefined, timing: 'idle' },
      // Device 1 pulls the owner's rename; between the server's answer and applying the page it
      // renames the service itself, then loses the connection before it can push.
      { kind: 'update', device: 1, target: 1, name: 2, location: 1, description: undefined, dates: undefined, move: undefined, timing: 'pull-offline' },
    ];
    await runScenario(built(), [{ role: 'owner', batchSize: 200 }, { role: 'owner', batchSize: 200 }], steps, (run) => {
      expect(run.model.counts['write during pull-offline']).toBe(1);
      const [id] = run.ids;
      // Its base was the version before the owner's rename: a concurrent edit, kept for review.
      expect(run.model.services.get(id ?? '')).toMatchObject({ name: 'Rockkonzert', location: 'Stadion', needsReview: true });
    });
  });

  it('an edit of a service deleted elsewhere is refused with its reason, and the device drops the row', async () => {
    const steps: Step[] = [
      { kind: 'create', device: 0, name: 0, location: 0, description: 0, start: 0, duration: 0, timing: 'idle' },
      { kind: 'sync', device: 1 },
      { kind: 'offline', device: 1 },
      { kind: 'delete', device: 0, target: 1, timing: 'idle' },
      { kind: 'update', device: 1, target: 1, name: 3, location: undefined, description: undefined, dates: undefined, move: undefined, timing: 'idle' },
      { kind: 'complete', device: 1, target: 1, timing: 'idle' },
      { kind: 'fault', device: 1, request: 'push', when: 'before', status: 503 },
      { kind: 'online', device: 1 },
      { kind: 'tick', device: 1 },
    ];
    await runScenario(built(), [{ role: 'owner', batchSize: 200 }, { role: 'owner', batchSize: 1 }], steps, async (run) => {
      const second = run.devices[1];
      expect([...(second?.model.rejections.values() ?? [])].map((r) => [r.name, r.code, r.message])).toEqual([
        ['service.update', 'NOT_FOUND', 'Sanitätsdienst nicht gefunden'],
        ['service.complete', 'NOT_FOUND', 'Sanitätsdienst nicht gefunden'],
      ]);
      expect(await second?.db.services.count()).toBe(0);
    });
  });
});
