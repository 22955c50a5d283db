// Harness of the model-based sync test (syncProperty.test.ts): the real in-process server on a
// SQLite file that survives restarts, simulated devices (each its own fake IndexedDB, real Dexie
// database, outbox, repositories and SyncEngine), a transport over app.inject with faults, and
// the interpreter of generated steps. The model it checks against lives in syncModel.ts.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PullResponse, PushRequest, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { expect } from 'vitest';
import { buildApp } from '../../../sync-server/src/app';
import type { Db } from '../../../sync-server/src/db/connection';
import { addMember, createOrganization } from '../../../sync-server/test/helpers/organizations';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { registeredClient } from '../../../sync-server/test/helpers/testApp';
import type { OutboxRow, SaniDokDb } from '../../src/data/db';
import { SaniDokDb as Database } from '../../src/data/db';
import { unlockTestDatabase } from '../helpers/deviceKeys';
import { archiveService, completeService, createService, deleteService, LocalWriteError, updateService } from '../../src/data/repositories/services';
import type { SyncEngineOptions } from '../../src/sync/syncEngine';
import { SyncEngine } from '../../src/sync/syncEngine';
import { initialSyncState } from '../../src/sync/syncStore';
import type { SyncStoreState } from '../../src/sync/syncStore';
import type { PullParams, SyncTransport, TransportResult } from '../../src/sync/transport';
import { pullUrl, syncPaths } from '../../src/sync/transport';
import { ManualScheduler } from '../helpers/sync';
import { activeDevice } from './activeDevice';
import type { ModelDevice, Role } from './syncModel';
import { generatedAccessCode, SyncModel } from './syncModel';

// ---------------------------------------------------------------------------------------------
// Value pools. All dates lie on a grid of whole hours around `base`, which is half an hour before
// the test started, so the server's "ended" rule (archive) can never flip during a run: an end on
// the grid is at least half an hour in the past or in the future.
// ---------------------------------------------------------------------------------------------

const hour = 3_600_000;
const base = Math.floor(Date.now() / 60_000) * 60_000 - hour / 2;
export const pools = {
  names: ['Stadtfest Musterstadt', 'Marathon Nord', 'Rockkonzert', 'Weihnachtsmarkt'],
  locations: ['Marktplatz 1', 'Stadion', 'Festwiese'],
  descriptions: [null, 'Sanitätswache', 'Zwei Trupps, ein RTW'],
  /** Start, hours from now: long past, past, ended recently, in two days. */
  startHours: [-240, -30, -5, 48],
  /** Duration in hours; 0 only for edits (end = start is allowed there, not at creation). */
  durationHours: [0, 2, 8, 26],
} as const;

const pick = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;
export const dateAt = (startIndex: number, plusHours = 0) => new Date(base + (pick(pools.startHours, startIndex) + plusHours) * hour).toISOString();
const createDuration = (index: number) => pick(pools.durationHours.slice(1), index);

// ---------------------------------------------------------------------------------------------
// Steps: plain data, so fast-check prints a counterexample that can be pasted into a test.
// ---------------------------------------------------------------------------------------------

/**
 * When a local write happens relative to the device's sync engine:
 * - idle: nothing runs;
 * - cycle: a cycle was just kicked off (races its outbox reads in Dexie);
 * - push / pull: inside the next push or pull, after the server answered and before the engine
 *   handles the reply (the new outbox row must survive the reply; a pulled page must not hide it);
 * - push-offline / pull-offline: the same, and the connection drops right after that reply, so the
 *   fresh row stays pending and its visibility can be checked.
 */
export type WriteTiming = 'idle' | 'cycle' | 'push' | 'pull' | 'push-offline' | 'pull-offline';

export type Step =
  | { kind: 'create'; device: number; name: number; location: number; description: number; start: number; duration: number; timing: WriteTiming }
  | {
      kind: 'update';
      device: number;
      /** See SyncRun.target: which service the write is about. */
      target: number;
      name: number | undefined;
      location: number | undefined;
      description: number | undefined;
      /** [start index, duration index]: both dates together, end ≥ start. */
      dates: [number, number] | undefined;
      /**
       * Moves one date only, keeping end ≥ start on the device: the other date may have changed on
       * the server meanwhile, so the server can find end < start and must refuse the edit.
       */
      move: ['start' | 'end', number] | undefined;
      timing: WriteTiming;
    }
  | { kind: 'archive' | 'complete' | 'delete'; device: number; target: number; timing: WriteTiming }
  | { kind: 'offline' | 'online' | 'sync' | 'tick'; device: number }
  | { kind: 'fault'; device: number; request: 'push' | 'pull'; when: 'before' | 'after'; status: number }
  | { kind: 'restart' };

// ---------------------------------------------------------------------------------------------
// Server: one SQLite file per run, copied from a template with users, organisation and sessions.
// ---------------------------------------------------------------------------------------------

const serverConfig = (dataDir: string) => ({
  port: 0,
  host: '127.0.0.1',
  databasePath: path.join(dataDir, 'test.db'),
  dataDir,
  sessionSecret: 'test-session-secret-test-session-secret-0123',
  dataKey: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  cookieSecure: false,
  authRateLimit: 1000,
  logLevel: 'silent' as const,
});

/**
 * The app currently running. Clients hold a proxy that injects into it, so their cookies (the
 * sessions live in SQLite) keep working across restarts and across runs on copies of the file.
 */
type App = Awaited<ReturnType<typeof buildApp>>;
type InjectOptions = Parameters<Client['request']>[0];
const running: { app: App | null } = { app: null };
const appProxy = {
  inject: (options: InjectOptions) => {
    if (!running.app) throw new Error('Kein Server gestartet');
    return running.app.inject(options);
  },
} as unknown as App;

export class TestServer {
  app: App | null = null;
  restarts = 0;

  private constructor(readonly dataDir: string) {}

  static async fresh(): Promise<TestServer> {
    const server = new TestServer(mkdtempSync(path.join(tmpdir(), 'sanidok-prop-')));
    await server.start();
    return server;
  }

  static async copyOf(file: string): Promise<TestServer> {
    const server = new TestServer(mkdtempSync(path.join(tmpdir(), 'sanidok-prop-')));
    copyFileSync(file, path.join(server.dataDir, 'test.db'));
    await server.start();
    return server;
  }

  get file(): string {
    return path.join(this.dataDir, 'test.db');
  }

  get db(): Db {
    if (!this.app) throw new Error('Server läuft nicht');
    return this.app.db;
  }

  async start(): Promise<void> {
    this.app = await buildApp(serverConfig(this.dataDir));
    running.app = this.app;
  }

  async stop(): Promise<void> {
    const app = this.app;
    this.app = null;
    if (running.app === app) running.app = null;
    await app?.close();
  }

  /** Close (SQLite closes with it) and build the app again on the same file. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
    this.restarts += 1;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface TemplateUser {
  client: Client;
  userId: number;
  userName: string;
  role: Role;
}

export interface Template {
  /** Closed SQLite file: owner, admin and member of one organisation, all signed in. */
  file: string;
  organizationId: number;
  users: Record<Role, TemplateUser>;
  dispose(): Promise<void>;
}

/** Builds the expensive part once per file: registrations, organisation keys, invitations. */
export async function buildTemplate(): Promise<Template> {
  const server = await TestServer.fresh();
  const owner = await registeredClient(appProxy, 'olga');
  const { id: organizationId } = await createOrganization(owner);
  const admin = await addMember(appProxy, owner, organizationId, 'adam', 'admin');
  const member = await addMember(appProxy, owner, organizationId, 'mona', 'member');
  const user = async (client: Client, role: Role): Promise<TemplateUser> => {
    const me = (await client.get('/api/user')).json<{ id: number; username: string }>();
    return { client, userId: me.id, userName: me.username, role };
  };
  const users = { owner: await user(owner, 'owner'), admin: await user(admin, 'admin'), member: await user(member, 'member') };
  await server.stop();
  if (existsSync(`${server.file}-wal`)) throw new Error('WAL nach dem Schließen nicht zurückgeschrieben');
  return { file: server.file, organizationId, users, dispose: () => server.dispose() };
}

// ---------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------

type WriteStep = Extract<Step, { kind: 'create' | 'update' | 'archive' | 'complete' | 'delete' }>;

export interface Fault {
  /** before: the server is never reached; after: the server committed, the reply is lost. */
  when: 'before' | 'after';
  /** 0 = connection lost, otherwise the gateway's status (e.g. 503: the engine halves the batch). */
  status: number;
}

export interface Link {
  online: boolean;
  pushFaults: Fault[];
  pullFaults: Fault[];
  /** Runs inside the next request of that kind, after the server answered. */
  hook: { kind: 'push' | 'pull'; offlineAfter: boolean; run: (inRequest: boolean, pulledIds?: string[]) => Promise<void> } | undefined;
}

type StoreApi = NonNullable<SyncEngineOptions['store']>;

function memoryStore(): StoreApi & { state: SyncStoreState } {
  const store = {
    state: { ...initialSyncState },
    getState: () => store.state,
    setState: (partial: Partial<SyncStoreState>) => {
      store.state = { ...store.state, ...partial };
    },
  };
  return store;
}

export interface DeviceSpec {
  role: Role;
  /** The engine's starting batch size (it halves on 5xx and doubles after success). */
  batchSize: number;
  /** Pull page size the transport asks the server for (small: many pages, cursor per page). */
  pageSize?: number;
}

export interface TestDevice {
  key: string;
  user: TemplateUser;
  db: SaniDokDb;
  engine: SyncEngine;
  scheduler: ManualScheduler;
  link: Link;
  store: StoreApi & { state: SyncStoreState };
  model: ModelDevice;
}

/**
 * A device's own IndexedDB: every device gets a separate fake-indexeddb factory, so two installs
 * of the same user (same database name `sanidok-<userId>`) never share storage, as on two tablets.
 */
function openDeviceDatabase(userId: number, userName: string): SaniDokDb {
  const dependencies = Dexie.dependencies;
  const previous = dependencies.indexedDB;
  dependencies.indexedDB = new IDBFactory();
  try {
    const db = new Database(userId, userName);
    // A tablet its medic has unlocked; the lock has its own tests.
    unlockTestDatabase(db);
    return db;
  } finally {
    dependencies.indexedDB = previous;
  }
}

/** Requests of all devices go through one queue: arrival order is the server's commit order. */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

function serviceUpserts(page: PullResponse): string[] {
  return page.changes.flatMap((c) => (c.entity === 'service' && c.op === 'upsert' ? [c.id] : []));
}

function faultResult(fault: Fault): { ok: false; status: number; message: string } {
  return { ok: false, status: fault.status, message: fault.status === 0 ? 'Verbindung abgebrochen' : `Gateway-Fehler ${fault.status}` };
}

function injectTransport(device: () => TestDevice, serial: Serial, model: SyncModel, errors: unknown[], pageSize: number | undefined): SyncTransport {
  async function forward<T>(kind: 'push' | 'pull', method: 'GET' | 'POST', url: string, payload?: PushRequest): Promise<TransportResult<T>> {
    return serial.run(async () => {
      const { link, user, model: modelDevice } = device();
      if (!link.online) return { ok: false, status: 0, message: 'offline' };
      const fault = (kind === 'push' ? link.pushFaults : link.pullFaults).shift();
      if (fault) model.count(`fault ${kind} ${fault.when} ${fault.status}`);
      if (fault?.when === 'before') return faultResult(fault);
      const response = await user.client.request({ method, url, ...(payload === undefined ? {} : { payload }) });
      const body = response.body ? response.json<T & { message?: string; code?: string }>() : undefined;
      if (kind === 'push' && payload) model.observePush(modelDevice, payload, response.statusCode, body);
      if (kind === 'pull' && (body as { hasMore?: boolean } | undefined)?.hasMore) model.count('pull page with more to come');
      const hook = link.hook;
      if (hook?.kind === kind) {
        link.hook = undefined;
        // The engine would swallow a throw here as a failed cycle: keep it for the step to rethrow.
        // A pull hook edits a service the page just brought, if any: the page must not hide the edit.
        const pulledIds = kind === 'pull' && response.statusCode === 200 ? serviceUpserts(body as unknown as PullResponse) : undefined;
        await hook.run(true, pulledIds).catch((error: unknown) => errors.push(error));
        if (hook.offlineAfter) link.online = false;
      }
      if (fault) return faultResult(fault);
      if (response.statusCode >= 400) return { ok: false, status: response.statusCode, message: body?.message ?? '', code: body?.code };
      return { ok: true, status: response.statusCode, body: body as T };
    });
  }
  return {
    push: (request) => forward<PushResponse>('push', 'POST', syncPaths.push, request),
    pull: (params: PullParams) => forward<PullResponse>('pull', 'GET', pullUrl(pageSize === undefined ? params : { ...params, limit: pageSize })),
  };
}

// ---------------------------------------------------------------------------------------------
// A run: one server copy, its devices, the model, the step interpreter and the final checks.
// ---------------------------------------------------------------------------------------------

export class SyncRun {
  readonly devices: TestDevice[] = [];
  /** Every id a create step produced, in order; edit steps pick from it by index. */
  readonly ids: string[] = [];
  private readonly serial = new Serial();
  /** Failures inside transport hooks (writes made in the middle of a request). */
  private readonly hookErrors: unknown[] = [];

  private constructor(
    readonly template: Template,
    readonly server: TestServer,
    readonly model: SyncModel,
  ) {}

  static async start(template: Template, specs: readonly DeviceSpec[]): Promise<SyncRun> {
    // Runs share the clients' app handle: one at a time (a timed-out run still going would mix in).
    if (running.app) throw new Error('Ein anderer Lauf hat seinen Server noch offen');
    const server = await TestServer.copyOf(template.file);
    let run: SyncRun | undefined;
    try {
      const state = await server.db.selectFrom('syncState').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
      run = new SyncRun(template, server, new SyncModel(state.version, template.organizationId));
      for (const [index, spec] of specs.entries()) run.addDevice(spec, index);
      // First contact online: every device pulls the organisation it will write for.
      for (const device of run.devices) {
        // The engine subscribes to local writes of the device active now (see activeDevice.ts).
        activeDevice.db = device.db;
        device.engine.start();
      }
      activeDevice.db = null;
      await run.idle();
      for (const device of run.devices) expect(await device.db.organizations.count(), `${device.key} kennt die Organisation`).toBe(1);
      return run;
    } catch (error) {
      await (run ? run.dispose() : server.dispose());
      throw error;
    }
  }

  private addDevice(spec: DeviceSpec, index: number): void {
    const user = this.template.users[spec.role];
    const key = `${index}:${spec.role}`;
    const db = openDeviceDatabase(user.userId, user.userName);
    const scheduler = new ManualScheduler();
    const link: Link = { online: true, pushFaults: [], pullFaults: [], hook: undefined };
    const store = memoryStore();
    const model = this.model.addDevice(key, user.userId, spec.role);
    // The transport reads the device's link and model; the device needs the engine first.
    const holder: { device?: TestDevice } = {};
    const engine = new SyncEngine({
      db,
      transport: injectTransport(() => holder.device as TestDevice, this.serial, this.model, this.hookErrors, spec.pageSize),
      scheduler,
      store,
      environment: { isOnline: () => link.online, isVisible: () => true, listen: () => () => undefined, locks: undefined, storage: undefined },
    });
    engine.batchSize = spec.batchSize;
    holder.device = { key, user, db, engine, scheduler, link, store, model };
    this.devices.push(holder.device);
  }

  device(index: number): TestDevice {
    return this.devices[index % this.devices.length] as TestDevice;
  }

  /** Waits until no engine runs a cycle (a cycle may queue another one; idle() waits for it). */
  async idle(): Promise<void> {
    for (let round = 0; round < 3; round += 1) for (const device of this.devices) await device.engine.idle();
  }

  async dispose(): Promise<void> {
    for (const device of this.devices) await device.engine.stop();
    for (const device of this.devices) device.db.close();
    activeDevice.db = null;
    await this.server.dispose();
  }

  // ---- Steps ----

  async step(step: Step): Promise<void> {
    switch (step.kind) {
      case 'create':
      case 'update':
      case 'archive':
      case 'complete':
      case 'delete':
        await this.writeStep(step);
        break;
      case 'offline':
        this.device(step.device).link.online = false;
        break;
      case 'online': {
        const device = this.device(step.device);
        device.link.online = true;
        device.engine.requestSync('online');
        break;
      }
      case 'sync':
        this.device(step.device).engine.requestSync('manual');
        break;
      case 'tick': {
        // The engine's own timer (periodic pull or backoff retry), time jumps to it.
        const device = this.device(step.device);
        if (device.scheduler.timers.size > 0) {
          device.scheduler.fireNext();
          this.model.count('timer fired');
        }
        break;
      }
      case 'fault': {
        const link = this.device(step.device).link;
        (step.request === 'push' ? link.pushFaults : link.pullFaults).push({ when: step.when, status: step.status });
        break;
      }
      case 'restart':
        await this.idle();
        await this.server.restart();
        this.model.count('server restart');
        break;
    }
    await this.idle();
    if (this.hookErrors.length > 0) throw this.hookErrors[0];
    this.assertModelAgrees();
    for (const device of this.devices) await this.checkOutbox(device);
  }

  private async writeStep(step: WriteStep): Promise<void> {
    const device = this.device(step.device);
    switch (step.timing) {
      case 'idle':
        return this.write(step, false);
      case 'cycle':
        device.engine.requestSync('manual');
        // Through the request queue: the model learns of the row before the server can see it.
        return this.serial.run(() => this.write(step, true));
      default: {
        // One armed write per device; a second one is made at once.
        if (device.link.hook) return this.write(step, false);
        // Armed until the device makes such a request: now if it can, else whenever it next does
        // (going online, a timer, another write); settle() makes any left over plainly.
        const kind = step.timing.startsWith('push') ? 'push' : 'pull';
        device.link.hook = { kind, offlineAfter: step.timing.endsWith('offline'), run: (inRequest, pulledIds) => this.write(step, inRequest, step.timing, pulledIds) };
        device.engine.requestSync('manual');
      }
    }
  }

  /**
   * The service a write is about: even indexes pick among the rows the device holds, odd ones
   * among every id ever created in the run (deleted, reverted, not yet pulled: the repository
   * refuses those locally, or the server refuses the push).
   */
  private async target(device: TestDevice, index: number): Promise<string | undefined> {
    const local = index % 2 === 0 ? (await device.db.services.toCollection().primaryKeys()).sort() : [];
    const candidates = local.length > 0 ? local : this.ids;
    return candidates.length === 0 ? undefined : candidates[Math.floor(index / 2) % candidates.length];
  }

  /** One local write through the repositories, as a screen would make it. */
  private async write(step: WriteStep, concurrent: boolean, timing: WriteTiming = step.timing, preferred?: readonly string[]): Promise<void> {
    const device = this.device(step.device);
    const id = step.kind === 'create' ? undefined : preferred?.length ? preferred[step.target % preferred.length] : await this.target(device, step.target);
    if (step.kind !== 'create' && id === undefined) return;
    activeDevice.db = device.db;
    const seqBefore = (await device.db.getMeta('seq')) ?? 0;
    let createdId: string | undefined;
    let expectRow = true;
    try {
      switch (step.kind) {
        case 'create': {
          const start = dateAt(step.start);
          createdId = await createService({
            name: pick(pools.names, step.name),
            location: pick(pools.locations, step.location),
            description: pick(pools.descriptions, step.description),
            startDate: start,
            endDate: new Date(Date.parse(start) + createDuration(step.duration) * hour).toISOString(),
            organizationId: this.template.organizationId,
          });
          this.ids.push(createdId);
          break;
        }
        case 'update': {
          const changes: Parameters<typeof updateService>[1] = {};
          if (step.name !== undefined) changes.name = pick(pools.names, step.name);
          if (step.location !== undefined) changes.location = pick(pools.locations, step.location);
          if (step.description !== undefined) changes.description = pick(pools.descriptions, step.description);
          if (step.dates) {
            changes.startDate = dateAt(step.dates[0]);
            changes.endDate = dateAt(step.dates[0], pick(pools.durationHours, step.dates[1]));
          } else if (step.move) {
            const local = await device.db.services.get(id as string);
            const hours = pick(pools.durationHours, step.move[1]);
            if (step.move[0] === 'end') changes.endDate = new Date(Date.parse(local?.startDate ?? dateAt(0)) + hours * hour).toISOString();
            else changes.startDate = new Date(Date.parse(local?.endDate ?? dateAt(0)) - hours * hour).toISOString();
          }
          expectRow = await updateService(id as string, changes);
          break;
        }
        case 'archive':
          await archiveService(id as string);
          break;
        case 'complete':
          await completeService(id as string);
          break;
        case 'delete':
          await deleteService(id as string);
          break;
      }
    } catch (error) {
      // The only refusal a repository may give here: the row is not on this device (deleted,
      // reverted, or never pulled). Nothing may have been queued.
      if (!(error instanceof LocalWriteError)) throw error;
      this.model.count('local write refused (row not on device)');
      expectRow = false;
    } finally {
      activeDevice.db = null;
    }
    const seqAfter = (await device.db.getMeta('seq')) ?? 0;
    expect(seqAfter, `${device.key}: seq nach ${step.kind}`).toBe(expectRow ? seqBefore + 1 : seqBefore);
    if (!expectRow) return;
    if (concurrent) this.model.count(`write during ${timing}`);
    const row = await device.db.outbox.get(seqAfter);
    expect(row, `${device.key}: Outbox-Zeile ${seqAfter}`).toBeDefined();
    if (!row) return;
    this.model.recordWrite(device.model, row);
    expect(row.name).toBe(`service.${step.kind}`);
    expect(row.entityId).toBe(createdId ?? id);
    if (!concurrent) await this.checkOptimisticEffect(device, step, row.entityId);
  }

  /** The local change is visible at once, offline or not (checked when no cycle runs alongside). */
  private async checkOptimisticEffect(device: TestDevice, step: Step, id: string): Promise<void> {
    const local = await device.db.services.get(id);
    const pending = (await device.db.outbox.where('entityId').equals(id).toArray()).some((r) => r.status === 'pending');
    // An online device may already have pushed and pulled; then the server's row is the truth.
    if (!pending) return;
    if (step.kind === 'delete') expect(local, `${device.key}: gelöscht ${id}`).toBeUndefined();
    else if (step.kind === 'archive') expect(local?.status).toBe('archived');
    else if (step.kind === 'complete') expect(local?.status).toBe('completed');
    else expect(local, `${device.key}: lokal vorhanden ${id}`).toBeDefined();
  }

  // ---- Invariants after every step ----

  assertModelAgrees(): void {
    if (this.model.mismatches.length > 0) throw new Error(`Server und Modell weichen ab:\n${this.model.mismatches.join('\n')}`);
  }

  /**
   * Nothing is lost: every seq after the server's last settled one is still pending on the device;
   * every row the device holds is the mutation it wrote; a rejected row is one the server refused.
   */
  private async checkOutbox(device: TestDevice): Promise<void> {
    const { model } = device;
    expect((await device.db.getMeta('seq')) ?? 0, `${device.key}: lokale seq`).toBe(model.writes.length);
    const rows = new Map((await device.db.outbox.toArray()).map((r) => [r.seq, r]));
    for (const [seq, row] of rows) {
      expect(row.mutationId, `${device.key}: Outbox seq ${seq}`).toBe(model.writes[seq - 1]?.mutationId);
      if (row.status === 'rejected') {
        const rejection = model.rejections.get(seq);
        expect(rejection, `${device.key}: seq ${seq} abgelehnt, aber vom Server angenommen`).toBeDefined();
        expect(row.message).toBe(rejection?.message);
      }
    }
    for (let seq = model.lastSeq + 1; seq <= model.writes.length; seq += 1) {
      expect(rows.get(seq)?.status, `${device.key}: seq ${seq} noch nicht beim Server, muss ausstehen`).toBe('pending');
    }
    for (const seq of model.rejections.keys()) {
      expect(rows.has(seq), `${device.key}: Ablehnung seq ${seq} verschwunden`).toBe(true);
    }
    await this.checkPendingVisible(device, [...rows.values()]);
  }

  /**
   * A local change not yet settled is never hidden by an older server row: for every entity with
   * pending rows, the device shows the last pending value of each field and status, whatever the
   * pulls in between brought. Only a deletion on the server may take the row away.
   */
  private async checkPendingVisible(device: TestDevice, rows: readonly OutboxRow[]): Promise<void> {
    const pending = rows.filter((r) => r.status === 'pending').sort((a, b) => a.seq - b.seq);
    const byEntity = new Map<string, OutboxRow[]>();
    for (const row of pending) byEntity.set(row.entityId, [...(byEntity.get(row.entityId) ?? []), row]);
    for (const [id, entityRows] of byEntity) {
      const local = await device.db.services.get(id);
      const label = `${device.key}: ausstehende Änderung an ${id} sichtbar`;
      if (entityRows.some((r) => r.name === 'service.delete')) {
        expect(local, label).toBeUndefined();
        continue;
      }
      if (!local) {
        expect(this.model.services.has(id), `${label} (Zeile fehlt, Server hat sie noch)`).toBe(false);
        continue;
      }
      const expected: Record<string, unknown> = {};
      for (const row of entityRows) {
        if (row.name === 'service.update') {
          for (const [field, value] of Object.entries(row.args as Record<string, unknown>)) if (field !== 'id' && field !== 'baseVersion') expected[field] = value;
        } else if (row.name === 'service.archive') expected.status = 'archived';
        else if (row.name === 'service.complete') expected.status = 'completed';
      }
      expect(local, label).toMatchObject(expected);
    }
  }

  // ---- The end: everyone online, synced to quiescence, then compared ----

  async settle(): Promise<void> {
    let quiet = 0;
    for (let round = 0; round < 16 && quiet < 2; round += 1) {
      for (const device of this.devices) device.link.online = true;
      for (const device of this.devices) {
        device.engine.requestSync('manual');
        await this.idle();
      }
      if (this.hookErrors.length > 0) throw this.hookErrors[0];
      // An armed write whose request never came (nothing to push) is made now.
      const armed = this.devices.flatMap((d) => (d.link.hook ? [d.link.hook] : []));
      for (const device of this.devices) device.link.hook = undefined;
      for (const hook of armed) await hook.run(false);
      const pending = await Promise.all(this.devices.map((d) => d.db.outbox.where('status').equals('pending').count()));
      // A push fault only bites when there is something to push; a pull fault on every cycle.
      const faults = this.devices.some((d) => d.link.pullFaults.length > 0);
      // Two quiet rounds: the first settles every outbox, the second pulls what others sent last.
      quiet = pending.every((n) => n === 0) && !faults && armed.length === 0 ? quiet + 1 : 0;
    }
    expect(quiet, 'Synchronisation kommt zur Ruhe').toBe(2);
    this.assertModelAgrees();
  }

  async verify(): Promise<void> {
    const { model, server } = this;
    const organizationId = this.template.organizationId;
    this.assertModelAgrees();

    // Services: exactly the model's, with every field, status and version.
    const rows = await server.db.selectFrom('services').selectAll().where('organizationId', '=', organizationId).orderBy('id').execute();
    expect(new Set(rows.map((r) => r.id)).size, 'kein Dienst doppelt').toBe(rows.length);
    const actual = rows.map((r) => ({
      id: r.id, organizationId: r.organizationId, name: r.name, description: r.description, location: r.location, startDate: r.startDate,
      endDate: r.endDate, accessCode: r.accessCode !== null && /^[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(r.accessCode) ? generatedAccessCode : r.accessCode, status: r.status, createdById: r.createdById, version: r.version,
      fieldVersions: JSON.parse(r.fieldVersions) as unknown, needsReview: Boolean(r.needsReview),
    }));
    const expected = [...model.services.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(actual, 'Dienste auf dem Server = Modell').toEqual(expected);
    const state = await server.db.selectFrom('syncState').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(state.version, 'Versionszähler').toBe(model.version);

    // Deleted ones are gone, with a tombstone for the devices.
    if (model.deleted.size > 0) {
      const tombstones = await server.db.selectFrom('syncTombstones').select('entityId').where('entity', '=', 'service').where('entityId', 'in', [...model.deleted]).execute();
      expect(tombstones.map((t) => t.entityId).sort()).toEqual([...model.deleted].sort());
    }

    // Concurrent edits: every replaced value kept, nothing else.
    const serviceIds = [...new Set(this.ids)];
    const revisions =
      serviceIds.length === 0
        ? []
        : await server.db.selectFrom('fieldRevisions').selectAll().where('entity', '=', 'service').where('entityId', 'in', serviceIds).orderBy('id').execute();
    expect(
      revisions.map((r) => ({
        serviceId: r.entityId, field: r.field, replacedValue: r.replacedValue, replacedVersion: r.replacedVersion, newValue: r.newValue,
        newVersion: r.newVersion, baseVersion: r.baseVersion, userId: r.userId,
      })),
      'field_revisions',
    ).toEqual(model.revisions);

    // Exactly once: the server settled every seq of every device, quarantined exactly the refusals.
    const deviceIds = this.devices.map((d) => d.model.deviceId).filter((id): id is string => id !== undefined);
    const deviceRows = deviceIds.length === 0 ? [] : await server.db.selectFrom('devices').selectAll().where('id', 'in', deviceIds).execute();
    const quarantine = deviceIds.length === 0 ? [] : await server.db.selectFrom('syncQuarantine').selectAll().where('deviceId', 'in', deviceIds).execute();
    for (const device of this.devices) {
      const m = device.model;
      const seq = (await device.db.getMeta('seq')) ?? 0;
      expect(seq, `${device.key}: seq`).toBe(m.writes.length);
      expect(m.lastSeq, `${device.key}: alles gesendet`).toBe(seq);
      expect(m.applied + m.rejections.size, `${device.key}: jede Änderung genau einmal erledigt`).toBe(seq);
      if (m.deviceId === undefined) {
        expect(seq, `${device.key}: nie gesendet, also nichts geschrieben`).toBe(0);
        continue;
      }
      const registered = deviceRows.find((r) => r.id === m.deviceId);
      expect(registered?.lastSeq, `${device.key}: devices.last_seq`).toBe(seq);
      expect(registered?.userId).toBe(device.user.userId);
      const quarantined = quarantine
        .filter((q) => q.deviceId === m.deviceId)
        .map((q) => ({ seq: q.seq, mutationId: q.mutationId, name: q.name, code: q.code, message: q.message, userId: q.userId }))
        .sort((a, b) => a.seq - b.seq);
      const rejections = [...m.rejections.entries()].sort((a, b) => a[0] - b[0]).map(([s, r]) => ({ seq: s, ...r, userId: device.user.userId }));
      expect(quarantined, `${device.key}: Quarantäne`).toEqual(rejections);

      // The device keeps exactly the refusals, with the server's reason, and nothing pending.
      const outbox = (await device.db.outbox.toArray()).map((r) => ({ seq: r.seq, mutationId: r.mutationId, name: r.name, status: r.status, message: r.message, code: r.code }));
      expect(outbox, `${device.key}: Outbox`).toEqual(rejections.map((r) => ({ seq: r.seq, mutationId: r.mutationId, name: r.name, status: 'rejected', message: r.message, code: r.code })));
    }

    // Every device shows what the server has (as a fresh pull of its user delivers it).
    for (const device of this.devices) {
      const response = await device.user.client.get(`/api/sync/pull?limit=1000&schemaVersion=${SYNC_SCHEMA_VERSION}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<PullResponse>();
      expect(page.hasMore).toBe(false);
      const serverServices = page.changes
        .flatMap((c) => (c.entity === 'service' && c.op === 'upsert' && c.organizationId === organizationId ? [c.data] : []))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const local = (await device.db.services.toArray()).sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(local, `${device.key}: lokale Dienste = Server`).toEqual(serverServices);
      expect(local.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    }
  }
}

/** Runs steps on a fresh copy of the template, settles, verifies, and always cleans up. */
export async function runScenario(
  template: Template,
  specs: readonly DeviceSpec[],
  steps: readonly Step[],
  after?: (run: SyncRun) => void | Promise<void>,
): Promise<Record<string, number>> {
  const run = await SyncRun.start(template, specs);
  try {
    for (const step of steps) await run.step(step);
    await run.settle();
    await run.verify();
    await after?.(run);
    return run.model.counts;
  } finally {
    await run.dispose();
  }
}
