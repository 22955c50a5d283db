import { PUSH_BATCH_MAX, SYNC_SCHEMA_VERSION, syncMessages } from '@sanidok/schema';
import { liveQuery } from 'dexie';
import { DeviceLockedError } from '../data/crypto/rowCipher';
import { loadSealing } from '../data/crypto/sealingOnDemand';
import type { SaniDokDb } from '../data/db';
import { onLocalWrite } from '../data/localWrites';
import { pendingCount, pendingRows, performanceApi, rejectedRows } from '../data/outbox';
import { uuidv7 } from '../data/uuid';
import { syncDe } from '../i18n/sync.de';
import { applyPullPage, cursorCoversLocalEntities } from './applyPull';
import { applyPushResult, isSendable, toEnvelope } from './applyPush';
import type { SyncEnvironment } from './environment';
import { browserEnvironment } from './environment';
import type { RejectedChange, SyncStoreState } from './syncStore';
import { useSyncStore } from './syncStore';
import type { Scheduler } from './timing';
import { backoffDelay, realScheduler, syncTiming } from './timing';
import type { SyncTransport, TransportResult } from './transport';

export const syncLockName = 'sanidok-sync';
export const pullPageSize = 500;
/** User Timing mark set when a cycle has pushed and pulled everything: diagnostics and bench/reconnect read it. */
export const syncedMark = 'sanidok:synced';

export type SyncTrigger = 'start' | 'timer' | 'online' | 'visible' | 'write' | 'manual';

interface StoreApi {
  getState(): SyncStoreState;
  setState(partial: Partial<SyncStoreState>): void;
}

export interface SyncEngineOptions {
  db: SaniDokDb;
  transport: SyncTransport;
  scheduler?: Scheduler;
  environment?: Partial<SyncEnvironment>;
  store?: StoreApi;
  /**
   * The server reported this device lost and the outbox is empty: the device wipes itself
   * (sync/syncSession.ts `wipeLostDevice`). Called once; the engine is paused by then.
   */
  onDeviceLost?: () => void;
}

type Failure = Extract<TransportResult<unknown>, { ok: false }>;
type Step = { ok: true } | Failure;
const ok: Step = { ok: true };

/**
 * Moves data between the device's Dexie database and the server (docs/sync-protocol.md).
 * One cycle = push the outbox in batches until empty, then pull pages until !hasMore. Failures
 * back off exponentially; 401 and a schema mismatch pause the engine until a new session.
 */
export class SyncEngine {
  readonly db: SaniDokDb;
  private readonly transport: SyncTransport;
  private readonly scheduler: Scheduler;
  private readonly env: SyncEnvironment;
  private readonly store: StoreApi;

  private stopped = true;
  private paused = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private failures = 0;
  private retryAt = 0;
  private persistenceAsked = false;
  private cleanups: (() => void)[] = [];
  private abort = new AbortController();
  /** The server said this device was reported lost: push what can go, pull nothing, then wipe. */
  private lost = false;
  private readonly onDeviceLost: (() => void) | undefined;
  /** Halved on 413/5xx (down to 1), doubled back after each accepted batch. */
  batchSize = PUSH_BATCH_MAX;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.scheduler = options.scheduler ?? realScheduler;
    this.env = { ...browserEnvironment(), ...options.environment };
    this.store = options.store ?? useSyncStore;
    this.onDeviceLost = options.onDeviceLost;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.store.setState({ pendingCount: null, online: this.env.isOnline(), state: 'idle', message: null });
    const subscription = liveQuery(async () => ({
      pending: await pendingCount(this.db),
      rejected: await rejectedRows(this.db),
      lastSyncAt: (await this.db.getMeta('lastSyncAt')) ?? null,
      persistence: (await this.db.getMeta('persistence')) ?? null,
    })).subscribe({
      next: (v) => {
        const rejected: RejectedChange[] = v.rejected
          .map((r) => ({ mutationId: r.mutationId, seq: r.seq, name: r.name, message: r.message ?? syncDe.indicator.rejectedFallback, at: r.rejectedAt ?? r.createdAt }))
          .reverse();
        this.store.setState({ pendingCount: v.pending, rejected, lastSyncAt: v.lastSyncAt, persistence: v.persistence });
      },
      error: (error: unknown) => console.error('Sync status query failed', error),
    });
    this.cleanups.push(
      () => subscription.unsubscribe(),
      this.env.listen('window', 'online', () => {
        this.store.setState({ online: true });
        this.requestSync('online');
      }),
      this.env.listen('window', 'offline', () => this.store.setState({ online: false })),
      this.env.listen('document', 'visibilitychange', () => {
        if (this.env.isVisible()) this.requestSync('visible');
      }),
      onLocalWrite(() => this.requestSync('write')),
    );
    this.requestSync('start');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.clearTimer();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    await this.running;
  }

  /**
   * `stop()` may run during any await of a cycle: a method call, unlike a field read, is not
   * narrowed by an earlier check, so the re-checks after an await stay visible to the compiler.
   */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** Trigger policy: runs now unless stopped, paused or backing off; coalesces overlapping calls. */
  requestSync(trigger: SyncTrigger): void {
    if (this.stopped || this.paused) return;
    // docs/decisions.md "Quiet offline": while the browser says it is offline no request leaves
    // (each would only fail and log a line); the timer looks again, the 'online' event syncs at once.
    if (!this.env.isOnline()) {
      if (this.timer === null && !this.running) this.schedule(syncTiming.intervalMs);
      return;
    }
    if (trigger === 'online' || trigger === 'manual') {
      // Connectivity is back or the user asked: the old failures say nothing about now.
      this.failures = 0;
      this.retryAt = 0;
    }
    const wait = this.retryAt - this.scheduler.now();
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.clearTimer();
    this.running = this.runExclusive()
      .catch((error: unknown) => {
        // Only a database closed by stop() gets here; the next cycle starts from the stored state.
        if (!this.stopped) console.error('Sync cycle failed', error);
      })
      .finally(() => {
        this.running = null;
        if (this.stopped || this.paused) return;
        if (this.again) {
          this.again = false;
          this.requestSync('timer');
        } else if (this.timer === null) {
          this.schedule(this.failures > 0 ? backoffDelay(this.failures) : syncTiming.intervalMs);
        }
      });
  }

  /** Resolves when the current cycle (if any) has finished; for tests and sign-out. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      // The periodic pull runs only while it can help: online and looked at.
      if (this.env.isOnline() && this.env.isVisible()) this.requestSync('timer');
      else this.schedule(syncTiming.intervalMs);
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  /** One syncing tab: others skip while the lock is held. Without Web Locks every tab syncs;
   *  that is safe (the server answers repeats as duplicates), only less efficient. */
  private async runExclusive(): Promise<void> {
    const locks = this.env.locks;
    if (!locks) return this.cycle();
    await locks.request(syncLockName, { ifAvailable: true }, async (lock) => {
      if (lock) await this.cycle();
    });
  }

  /** One push-then-pull round. */
  private async cycle(): Promise<void> {
    if (this.stopped) return;
    void this.askPersistence();
    this.store.setState({ state: 'syncing' });
    let step: Step;
    try {
      step = await this.pushAll();
      // A lost device pulls nothing more (docs/decisions.md "A lost device pushes, then wipes itself").
      if (step.ok && !this.lost) step = await this.pullAll();
    } catch (error) {
      // Stopping closes the database under a running cycle; anything else is a bug worth a log.
      // Dexie transactions are atomic, so an exception here never leaves half a page behind.
      if (this.isStopped()) return;
      if (error instanceof DeviceLockedError && this.resumeWithSealing()) return;
      // A locked device that cannot seal (no keyring yet) is a state, not a bug: the cycle is
      // retried with the backoff and after the unlock, without a console error.
      if (!(error instanceof DeviceLockedError)) console.error('Sync cycle failed', error);
      step = { ok: false, status: -1, message: syncDe.indicator.error };
    }
    if (this.isStopped()) return;
    if (!step.ok && step.code === 'DEVICE_LOST') this.lost = true;
    if (this.lost) {
      await this.settleLost(step);
      return;
    }
    if (!step.ok) {
      this.fail(step);
      return;
    }
    this.failures = 0;
    this.retryAt = 0;
    await this.db.setMeta('lastSyncAt', new Date(this.scheduler.now()).toISOString());
    performanceApi()?.mark(syncedMark);
    // The browser may have gone offline while this cycle ran: its word counts, not the cycle's.
    this.store.setState({ state: 'idle', message: null, online: this.env.isOnline() });
  }

  /**
   * A locked cycle met a row to seal before libsodium was loaded (../data/crypto/sealingOnDemand.ts):
   * not a failure. The cycle ends quietly and runs again once the library is there; what it applied
   * so far is committed page by page. False when waiting cannot help.
   */
  private resumeWithSealing(): boolean {
    const loading = loadSealing(this.db.crypto);
    if (!loading) return false;
    this.store.setState({ state: 'idle' });
    void loading.then((loaded) => {
      if (loaded) this.requestSync('manual');
    });
    return true;
  }

  /** Fetched once per database: from then on every local write seals its args for the server. */
  private async fetchSealKey(): Promise<void> {
    const crypto = this.db.crypto;
    if (crypto.serverPublicKey || !this.transport.sealKey) return;
    const reply = await this.transport.sealKey(this.abort.signal);
    if (!reply.ok || this.isStopped()) return;
    const { fromBase64Url } = await import('@sanidok/crypto/device');
    crypto.serverPublicKey = fromBase64Url(reply.body.publicKey) ?? null;
    await this.db.setMeta('serverSealKey', reply.body.publicKey);
  }

  private async pushAll(): Promise<Step> {
    let rotated = false;
    await this.fetchSealKey();
    while (!this.stopped) {
      const all = await pendingRows(this.db, this.batchSize);
      // In seq order up to the first row that is neither sealed nor readable (written locked
      // before the server key was known): it waits for the unlock, and so do the rows after it.
      const firstHeld = all.findIndex((row) => !isSendable(row));
      const rows = firstHeld === -1 ? all : all.slice(0, firstHeld);
      if (rows.length === 0) return ok;
      const deviceId = await this.deviceId();
      const reply = await this.transport.push({ deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: rows.map(toEnvelope), ...this.outboxReport() }, this.abort.signal);
      if (!reply.ok) {
        if (reply.status === 403 && reply.code === 'FOREIGN_DEVICE' && !rotated) {
          // The id is bound to another user (e.g. a copied profile): take a fresh one; the
          // server then reports lastSeq 0 and the outbox is renumbered from 1.
          rotated = true;
          await this.db.setMeta('deviceId', uuidv7());
          continue;
        }
        return reply;
      }
      this.store.setState({ online: this.env.isOnline() });
      if (reply.body.wipe) this.lost = true;
      const outcome = await applyPushResult(this.db, reply.body, new Date(this.scheduler.now()).toISOString());
      if (outcome.settled === 0 && !outcome.renumbered) return { ok: false, status: -1, message: syncDe.errors.noProgress };
      this.batchSize = Math.min(PUSH_BATCH_MAX, this.batchSize * 2);
    }
    return ok;
  }

  /**
   * Pages until !hasMore. The next page is asked for as soon as a reply is in, while that reply is
   * applied: the server's answer depends only on the cursor the reply carries, not on
   * the device's tables, and pages are still applied one after the other, in order. A page that
   * fails to apply leaves its successor's reply unused; the next cycle starts from the stored cursor.
   */
  private async pullAll(): Promise<Step> {
    await cursorCoversLocalEntities(this.db);
    const deviceId = await this.deviceId();
    const request = (cursor: string | undefined) => {
      const reply = this.transport.pull({ cursor, limit: pullPageSize, schemaVersion: SYNC_SCHEMA_VERSION, deviceId, pending: this.outboxReport().pendingCount }, this.abort.signal);
      // A prefetched page whose predecessor failed to apply is never awaited.
      reply.catch(() => undefined);
      return reply;
    };
    let from = (await this.db.getMeta('cursor')) ?? null;
    let next = request(from ?? undefined);
    while (!this.stopped) {
      const reply = await next;
      if (!reply.ok) return reply;
      if (this.isStopped()) return ok;
      const following = reply.body.hasMore ? request(reply.body.cursor) : null;
      if (!(await applyPullPage(this.db, reply.body, from))) {
        // The pull was started over meanwhile (applyPullPage): ask again from the stored cursor.
        from = (await this.db.getMeta('cursor')) ?? null;
        next = request(from ?? undefined);
        continue;
      }
      if (!following) return ok;
      from = reply.body.cursor;
      next = following;
    }
    return ok;
  }

  /**
   * After a lost device's push: with the outbox empty it wipes itself; rows still pending wait. Sealed
   * to the device while locked they go after the unlock, under the same grant (the next cycle); a
   * refused push (no grant left) waits for a sign-in, whose session pushes them and is told to wipe.
   * A rejected row is no reason to wait: the server keeps it in its quarantine.
   */
  private async settleLost(step: Step): Promise<void> {
    const pending = await pendingCount(this.db);
    if (this.isStopped()) return;
    if (pending === 0) {
      this.paused = true;
      this.store.setState({ state: 'idle', message: null });
      this.onDeviceLost?.();
      return;
    }
    if (!step.ok) {
      this.paused = true;
      this.store.setState({ state: 'auth-required', message: syncDe.indicator.deviceLostPending });
      return;
    }
    this.store.setState({ state: 'idle', message: syncDe.indicator.deviceLostPending });
  }

  private fail(failure: Failure): void {
    if (failure.status === 401) {
      // Capture keeps working; the outbox waits for the next sign-in (a new engine).
      this.paused = true;
      this.store.setState({ state: 'auth-required', message: syncDe.indicator.authRequiredText });
      return;
    }
    if (failure.status === 409 && failure.code === 'SCHEMA_MISMATCH') {
      this.paused = true;
      this.store.setState({ state: 'schema-mismatch', message: failure.message || syncMessages.schemaMismatch });
      return;
    }
    if (failure.status === 413 || failure.status >= 500) this.batchSize = Math.max(1, Math.floor(this.batchSize / 2));
    this.failures += 1;
    this.retryAt = this.scheduler.now() + backoffDelay(this.failures);
    if (failure.status === 0) this.store.setState({ state: 'idle', online: false, message: null });
    else this.store.setState({ state: 'error', message: failure.message });
  }

  /**
   * The outbox count the board's team panel shows, as the indicator's live count has it:
   * read without a database round trip, so that a push leaves exactly as soon as without it.
   */
  private outboxReport(): { pendingCount?: number } {
    const count = this.store.getState().pendingCount;
    return count === null ? {} : { pendingCount: count };
  }

  private async deviceId(): Promise<string> {
    const existing = await this.db.getMeta('deviceId');
    if (existing) return existing;
    const fresh = uuidv7();
    await this.db.setMeta('deviceId', fresh);
    return fresh;
  }

  /** Asks once per database for persistent storage; a refusal is shown in the indicator. */
  private async askPersistence(): Promise<void> {
    if (this.persistenceAsked) return;
    this.persistenceAsked = true;
    try {
      // Optional members: the DOM types claim both exist, older browsers disagree.
      const api: Partial<Pick<StorageManager, 'persist' | 'persisted'>> | undefined = this.env.storage;
      if (!api?.persist) {
        await this.db.setMeta('persistence', 'unsupported');
        return;
      }
      if (await api.persisted?.()) {
        await this.db.setMeta('persistence', 'granted');
        return;
      }
      if ((await this.db.getMeta('persistence')) !== undefined) return;
      await this.db.setMeta('persistence', (await api.persist()) ? 'granted' : 'denied');
    } catch (error) {
      if (!this.stopped) console.warn('Persistent storage request failed', error);
    }
  }
}
