import type { ServerResponse } from 'node:http';
import type { BoardChangeEvent } from '@sanidok/schema';
import type { EventStreamLimits } from '../config/config';
import type { Db } from '../db/connection';
import { currentVersion, mayStillWatch, serverBusy } from '../domain/board/queries';
import { hasChangesSince } from '../domain/sync/sources';
import type { BoardEventBus } from './boardBus';
import type { StreamHolder, StreamLeases } from './streamLeases';
import { refuseWhenFull } from './streamLeases';

export type { StreamHolder };

export type { EventStreamLimits };

/**
 * One process's open board streams (Server-Sent Events). Each stream:
 * - sends `change` events {serviceId, version} with `id: version`; a reconnect's `Last-Event-ID`
 *   is checked against the database (`hasChangesSince`), so a change made while the stream was
 *   down is announced at once — events are hints, the pull is the truth;
 * - checks its session and membership again on every event (at most every `recheckMs`) and at
 *   every keep-alive: a signed-out, blocked or removed user's stream ends;
 * - ends after `lifetimeMs` (the browser reconnects with Last-Event-ID), which bounds what a
 *   stream open for 12 hours holds and lets tests and fuzzers read a finite reply;
 * - never queues more than the newest version while the socket is slow (back-pressure), and is
 *   dropped when the socket's buffer passes `maxBufferedBytes`.
 */


/**
 * Open streams per user, per organisation and per client address, then for the process: accounts
 * cost nothing to make, so one person's many accounts are bounded by what they share, their
 * organisation or their address (docs/decisions.md "Board streams per organisation and address").
 * An event's team behind one router shares an address: 100 leaves room for every tablet and TV.
 */
export const defaultEventStreamLimits: EventStreamLimits = {
  lifetimeMs: 30 * 60_000, keepAliveMs: 15_000, recheckMs: 2_000, perUser: 6, perOrganization: 300, perAddress: 100, total: 1_000, maxBufferedBytes: 64 * 1024, retryMs: 2_000,
};

const holderKeys = (holder: StreamHolder) => ({ user: `user:${holder.userId}`, organization: `org:${holder.organizationId}`, address: `addr:${holder.address}` });

export interface StreamTarget extends StreamHolder {
  serviceId: string;
  sessionId: string;
  /** `Last-Event-ID` as sent: anything but a plain counter value counts as absent. */
  lastEventId: string | undefined;
}

/** A counter value, or undefined for anything forged or malformed (never throws). */
export function parseLastEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export class EventStreamRegistry {
  /** Open streams per holder key (user, organisation, address). */
  private readonly counts = new Map<string, number>();
  /**
   * Access checks shared by the streams of one session and service (a TV and a tablet of the same
   * user, five tabs): one check per `recheckMs` instead of one per stream and event.
   */
  private readonly checks = new Map<string, { at: number; allowed: Promise<boolean> }>();
  /** Each open stream's end function, with its socket (for the buffer figure). */
  private readonly open = new Map<() => void, ServerResponse>();

  /** Streams admitted but not yet running: they count against the process total too. */
  private admitting = 0;

  /** `leases`: with several processes on PostgreSQL the holders' counts live there (./streamLeases.ts). */
  constructor(private readonly db: Db, private readonly bus: BoardEventBus, readonly limits: EventStreamLimits, private readonly leases?: StreamLeases) {}

  /** Streams open in this process. */
  get size(): number {
    return this.open.size;
  }

  /**
   * Refuses (429) before anything is written when the user, organisation, address or process holds
   * too many; else counts the stream at once and returns its release (the caller hands it to `run`,
   * or calls it when the stream never starts). Safe to call more than once.
   */
  async admit(holder: StreamHolder): Promise<() => void> {
    if (this.open.size + this.admitting >= this.limits.total) throw serverBusy();
    if (!this.leases) {
      const keys = holderKeys(holder);
      const count = (key: string) => this.counts.get(key) ?? 0;
      refuseWhenFull({ user: count(keys.user), organization: count(keys.organization), address: count(keys.address) }, this.limits);
      this.countStream(holder, 1);
      return once(() => this.countStream(holder, -1));
    }
    const { leases } = this;
    this.admitting += 1;
    try {
      const lease = await leases.acquire(holder);
      // A release that fails leaves the row to expire after three keep-alives.
      return once(() => void leases.release(lease).catch(() => undefined));
    } finally {
      this.admitting -= 1;
    }
  }

  private countStream(holder: StreamHolder, delta: 1 | -1): void {
    for (const key of Object.values(holderKeys(holder))) {
      const next = (this.counts.get(key) ?? 0) + delta;
      if (next > 0) this.counts.set(key, next);
      else this.counts.delete(key);
    }
  }

  closeAll(): void {
    for (const close of [...this.open.keys()]) close();
  }

  /** The largest socket buffer of an open stream, in bytes (bounded by `maxBufferedBytes` plus one event). */
  maxBuffered(): number {
    return Math.max(0, ...[...this.open.values()].map((raw) => raw.writableLength));
  }

  private sharedCheck(target: StreamTarget): Promise<boolean> {
    const key = `${target.sessionId}:${target.serviceId}`;
    const now = Date.now();
    const cached = this.checks.get(key);
    if (cached && now - cached.at < this.limits.recheckMs) return cached.allowed;
    // Bounded: entries older than the re-check time are worthless anyway.
    if (this.checks.size >= this.limits.total * 2) this.checks.clear();
    const allowed = mayStillWatch(this.db, target.sessionId, target.serviceId).catch(() => false);
    this.checks.set(key, { at: now, allowed });
    return allowed;
  }

  /** Runs an admitted stream on the raw response until it ends; the reply must be hijacked. */
  async run(raw: ServerResponse, target: StreamTarget, release: () => void): Promise<void> {
    const { limits, db } = this;
    let lastSent = 0;
    let waiting: number | undefined;
    let lastCheck = Date.now();
    let ended = false;
    const timers: NodeJS.Timeout[] = [];

    const end = () => {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearInterval(timer);
      unsubscribe();
      this.open.delete(end);
      release();
      if (!raw.writableEnded) raw.end();
    };
    const write = (chunk: string): void => {
      if (ended) return;
      if (raw.writableLength > limits.maxBufferedBytes) {
        end();
        return;
      }
      if (!raw.write(chunk)) raw.once('drain', flush);
    };
    const send = (version: number): void => {
      if (version <= lastSent || ended) return;
      // A slow socket keeps only the newest version: one event then says all.
      if (raw.writableNeedDrain) {
        waiting = Math.max(waiting ?? 0, version);
        return;
      }
      lastSent = version;
      const data: BoardChangeEvent = { serviceId: target.serviceId, version };
      write(`event: change\nid: ${version}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    function flush(): void {
      const version = waiting;
      waiting = undefined;
      if (version !== undefined) send(version);
    }
    const stillAllowed = async (): Promise<boolean> => {
      lastCheck = Date.now();
      const allowed = await this.sharedCheck(target);
      if (!allowed) end();
      return allowed;
    };
    /** Asks the database whether anything changed after what this stream announced. */
    const catchUp = async (): Promise<void> => {
      if (await hasChangesSince(db, target.organizationId, lastSent)) send(await currentVersion(db));
    };
    const onEvent = (version: number | null): void => {
      void (async () => {
        if (Date.now() - lastCheck >= limits.recheckMs && !(await stillAllowed())) return;
        if (version === null) await catchUp();
        else send(version);
      })().catch(end);
    };

    const unsubscribe = this.bus.subscribe(target.organizationId, onEvent);
    this.open.set(end, raw);
    raw.on('close', end);
    raw.on('error', end);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // As every /api answer (docs/security.md); also keeps caches and proxies from holding the stream.
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies (nginx) must not buffer the stream (docs/deployment.md).
      'x-accel-buffering': 'no',
    });
    write(`retry: ${limits.retryMs}\n\n`);
    const now = await currentVersion(db);
    const claimed = parseLastEventId(target.lastEventId);
    if (claimed === undefined) {
      // A new board: its baseline; it pulls once anyway when it opens.
      lastSent = now;
      write(`event: ready\nid: ${now}\ndata: ${JSON.stringify({ serviceId: target.serviceId, version: now })}\n\n`);
    } else {
      // A reconnect: what changed while it was away is announced at once. An id beyond the
      // counter (forged, or from a restored server) cannot silence later events: it counts as none.
      lastSent = claimed > now ? 0 : claimed;
      await catchUp();
    }
    timers.push(setInterval(() => {
      void (async () => {
        if (!(await stillAllowed())) return;
        await catchUp();
        write(': keep-alive\n\n');
      })().catch(end);
    }, limits.keepAliveMs));
    timers.push(setTimeout(end, limits.lifetimeMs));
    for (const timer of timers) timer.unref();
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
