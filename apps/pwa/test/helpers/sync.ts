import type { MutationEnvelope, OrganizationListItem, PullResponse, PushRequest, PushResponse, Service, SyncChange } from '@sanidok/schema';
import { afterEach } from 'vitest';
import type { SaniDokDb } from '../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../src/data/db';
import { localWriteErrorText } from '../../src/lib/localWriteErrors';
import type { SyncEnvironment } from '../../src/sync/environment';
import { SyncEngine } from '../../src/sync/syncEngine';
import type { Scheduler } from '../../src/sync/timing';
import { resetSyncStore } from '../../src/sync/syncStore';
import type { PullParams, SyncTransport, TransportResult } from '../../src/sync/transport';

/**
 * What the screens show for a write the device refused: src/data throws a LocalWriteError with a
 * code, src/lib/localWriteErrors.ts words it (undefined when the write went through or failed otherwise).
 */
export async function refusalText(write: Promise<unknown>): Promise<string | undefined> {
  return localWriteErrorText(await write.then(() => undefined, (error: unknown) => error));
}

let nextUserId = 1000;
const opened: number[] = [];
const engines: SyncEngine[] = [];

afterEach(async () => {
  while (engines.length) await engines.pop()?.stop();
  while (opened.length) await deleteUserDatabase(opened.pop() ?? 0);
  resetSyncStore();
});

/** A fresh, signed-in user's database (deleted after the test). */
export function openTestDb(userName = 'Anna Sanitäterin'): SaniDokDb {
  const userId = nextUserId++;
  opened.push(userId);
  return openUserDatabase(userId, userName);
}

/** An organisation as pulled, this user its owner (who may plan services); tests of a member's view set `role`. */
export function organization(id: number, name = `Organisation ${id}`): OrganizationListItem {
  return {
    id,
    name,
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    role: 'owner',
    isBlocked: false,
    lockAfterMinutes: 5,
    retentionYears: 10,
    memberCount: 3,
    memberSince: '2026-01-02T00:00:00.000Z',
    sealingPublicKey: 'a'.repeat(43),
    signingPublicKey: 'b'.repeat(43),
    keyFingerprint: '0000-0000-0000-0000-0000-0000-0000-0000',
    keyConfirmed: true,
    keyRecovery: null,
  };
}

export function serverService(id: string, organizationId: number, overrides: Partial<Service> = {}): Service {
  return {
    id,
    name: 'Stadtfest',
    description: null,
    location: 'Marktplatz',
    startDate: '2026-06-01T08:00:00.000Z',
    endDate: '2026-06-01T18:00:00.000Z',
    organizationId,
    organizationName: `Organisation ${organizationId}`,
    createdById: 1,
    createdByName: 'Olga',
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    status: 'active',
    isBlocked: false,
    accessCode: null,
    version: 10,
    ...overrides,
  };
}

export const upsertService = (data: Service): SyncChange => ({ entity: 'service', op: 'upsert', id: data.id, organizationId: data.organizationId, version: data.version, data });
export const deleteServiceChange = (id: string, organizationId: number, version = 99): SyncChange => ({ entity: 'service', op: 'delete', id, organizationId, version });

export const validService = (organizationId = 1) => ({
  name: 'Stadtfest Musterstadt',
  description: 'Sanitätsdienst am Marktplatz',
  location: 'Marktplatz 1',
  startDate: '2026-06-01T08:00:00.000Z',
  endDate: '2026-06-01T18:00:00.000Z',
  organizationId,
});

/** Seeds the organisation cache as a pull would. */
export async function seedOrganizations(db: SaniDokDb, ...ids: number[]): Promise<void> {
  await db.organizations.bulkPut(ids.map((id) => organization(id)));
}

type Failure = Extract<TransportResult<unknown>, { ok: false }>;

/**
 * An in-memory server that keeps the push contract (lastSeq, duplicates, stop at a gap,
 * rejections) and serves scripted pull pages. `failNext` queues transport failures.
 */
export class FakeServer implements SyncTransport {
  lastSeq = 0;
  applied: MutationEnvelope[] = [];
  pushes: PushRequest[] = [];
  pulls: PullParams[] = [];
  organizations: OrganizationListItem[] = [organization(1)];
  pages: PullResponse[] = [];
  failures: Failure[] = [];
  pullFailures: Failure[] = [];
  reject: (m: MutationEnvelope) => string | undefined = () => undefined;
  /** Simulates a reply lost on the way back: the server commits, the device sees a failure. */
  loseNextReply = false;
  /** The device was reported lost: every push reply says so (docs/decisions.md "A lost device pushes, then wipes itself"). */
  wipe = false;
  /**
   * PullResponse.patientDataServices of the default page. null: every service the device holds
   * (tests that do not exercise the team scope keep their patient data); read from `device`.
   */
  patientDataServices: string[] | null = null;
  device: SaniDokDb | null = null;

  failNext(status: number, message = `Fehler ${status}`, code?: string): this {
    this.failures.push({ ok: false, status, message, code });
    return this;
  }

  // The transport's contract is asynchronous; this fake answers at once.
  push(request: PushRequest): Promise<TransportResult<PushResponse>> {
    return Promise.resolve(this.answerPush(request));
  }

  async pull(params: PullParams): Promise<TransportResult<PullResponse>> {
    const scope = this.patientDataServices ?? ((await this.device?.services.toCollection().primaryKeys()) ?? []);
    return this.answerPull(params, scope);
  }

  private answerPush(request: PushRequest): TransportResult<PushResponse> {
    this.pushes.push(structuredClone(request));
    const failure = this.failures.shift();
    if (failure) return failure;
    const results: PushResponse['results'] = [];
    for (const m of request.mutations) {
      if (m.seq <= this.lastSeq) {
        results.push({ mutationId: m.mutationId, seq: m.seq, status: 'duplicate' });
        continue;
      }
      if (m.seq > this.lastSeq + 1) break;
      const reason = this.reject(m);
      if (reason) results.push({ mutationId: m.mutationId, seq: m.seq, status: 'rejected', message: reason, code: 'FORBIDDEN' });
      else {
        this.applied.push(m);
        results.push({ mutationId: m.mutationId, seq: m.seq, status: 'applied' });
      }
      this.lastSeq = m.seq;
    }
    if (this.loseNextReply) {
      this.loseNextReply = false;
      return { ok: false, status: 0, message: 'Verbindung verloren' };
    }
    return { ok: true, status: 200, body: { lastSeq: this.lastSeq, results, ...(this.wipe ? { wipe: true as const } : {}) } };
  }

  private answerPull(params: PullParams, scope: string[]): TransportResult<PullResponse> {
    this.pulls.push(params);
    const failure = this.pullFailures.shift();
    if (failure) return failure;
    const page = this.pages.shift();
    return { ok: true, status: 200, body: page ?? { cursor: params.cursor ?? 'c0', hasMore: false, organizations: this.organizations, patientDataServices: scope, changes: [] } };
  }
}

/** Timers that only run when the test says so; `now` moves with them. */
export class ManualScheduler implements Scheduler {
  time = Date.parse('2026-06-01T10:00:00.000Z');
  timers = new Map<number, { at: number; fn: () => void; ms: number }>();
  private nextId = 1;

  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, fn, ms });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };

  /** Delay of the single pending timer (the engine keeps at most one). */
  get pendingDelay(): number | undefined {
    return [...this.timers.values()][0]?.ms;
  }

  /** Advances to the next timer and runs it. */
  fireNext(): void {
    const [id, timer] = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
    if (id === undefined || !timer) throw new Error('Kein Timer geplant');
    this.timers.delete(id);
    this.time = Math.max(this.time, timer.at);
    timer.fn();
  }
}

export interface EngineHarness {
  engine: SyncEngine;
  server: FakeServer;
  scheduler: ManualScheduler;
  env: { online: boolean; visible: boolean };
}

export function createEngine(
  db: SaniDokDb, options: { server?: FakeServer; transport?: SyncTransport; environment?: Partial<SyncEnvironment>; onDeviceLost?: () => void } = {},
): EngineHarness {
  const server = options.server ?? new FakeServer();
  server.device ??= db;
  const scheduler = new ManualScheduler();
  const env = { online: true, visible: true };
  const engine = new SyncEngine({
    db,
    transport: options.transport ?? server,
    scheduler,
    environment: { isOnline: () => env.online, isVisible: () => env.visible, locks: undefined, storage: undefined, ...options.environment },
    ...(options.onDeviceLost ? { onDeviceLost: options.onDeviceLost } : {}),
  });
  engines.push(engine);
  return { engine, server, scheduler, env };
}

/** Starts the engine (first cycle) and waits until it is idle. */
export async function startAndSettle(harness: EngineHarness): Promise<void> {
  harness.engine.start();
  await harness.engine.idle();
}

export async function syncAgain(harness: EngineHarness): Promise<void> {
  harness.engine.requestSync('manual');
  await harness.engine.idle();
}
