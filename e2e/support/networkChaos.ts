import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Route } from '@playwright/test';

/** mulberry32: a tiny seeded generator, so a failing run can be replayed with the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ChaosCounts {
  /** Sync requests cut before they reached the server. */
  droppedRequests: number;
  /** Sync requests the server answered, whose reply was then cut (the server did the work). */
  droppedReplies: number;
  /** Sync requests passed through untouched. */
  passed: number;
  /** Times the whole context went offline. */
  offlinePhases: number;
}

/**
 * A bad uplink for one browser context: a seeded share of /api/sync requests is cut before the
 * server sees it, another share after the server answered (the reply is lost), and the whole
 * network drops out at random intervals. `stop()` ends it and leaves the context online.
 */
export class NetworkChaos {
  readonly counts: ChaosCounts = { droppedRequests: 0, droppedReplies: 0, passed: 0, offlinePhases: 0 };
  private running = true;
  private toggling: Promise<void> = Promise.resolve();
  /** Two generators: requests and toggling interleave by timing, each sequence stays the seed's. */
  private readonly requestRandom: () => number;
  private readonly toggleRandom: () => number;
  private readonly pattern = '**/api/sync/**';

  constructor(
    private readonly context: BrowserContext,
    seed: number,
    private readonly shares = { dropRequest: 0.2, dropReply: 0.2 },
  ) {
    this.requestRandom = seededRandom(seed);
    this.toggleRandom = seededRandom(seed ^ 0x5eed);
  }

  async start(): Promise<void> {
    await this.context.route(this.pattern, (route) => this.handle(route));
    this.toggling = this.toggle();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.toggling;
    await this.context.unroute(this.pattern);
    await this.context.setOffline(false);
  }

  private async handle(route: Route): Promise<void> {
    try {
      await this.decide(route);
    } catch {
      // The page went away or offline while the request was held: it has failed, as intended.
    }
  }

  private async decide(route: Route): Promise<void> {
    const roll = this.requestRandom();
    if (!this.running || roll >= this.shares.dropRequest + this.shares.dropReply) {
      this.counts.passed += 1;
      await route.continue();
      return;
    }
    if (roll < this.shares.dropRequest) {
      this.counts.droppedRequests += 1;
      await route.abort('connectionreset');
      return;
    }
    try {
      // The server receives and commits the request; only its answer never reaches the tablet.
      await route.fetch();
      this.counts.droppedReplies += 1;
    } catch {
      this.counts.droppedRequests += 1;
    }
    await route.abort('connectionreset');
  }

  /** Sleeps, then tells whether chaos still runs: `stop()` may have been called meanwhile. */
  private async stillRunningAfter(ms: number): Promise<boolean> {
    await sleep(ms);
    return this.running;
  }

  /** Offline for 0.3–2 s, online for 0.5–3 s, until stopped. */
  private async toggle(): Promise<void> {
    while (this.running) {
      if (!(await this.stillRunningAfter(500 + this.toggleRandom() * 2500))) break;
      this.counts.offlinePhases += 1;
      await this.context.setOffline(true);
      await sleep(300 + this.toggleRandom() * 1700);
      await this.context.setOffline(false);
    }
  }
}
