/** How often and how patiently the engine syncs (docs/sync-protocol.md, Retries and Triggers). */
export const syncTiming = { intervalMs: 5_000, backoffStartMs: 1_000, backoffMaxMs: 60_000 } as const;

/** 1 s, 2 s, 4 s … capped at 60 s, after the n-th failure in a row. */
export function backoffDelay(failures: number): number {
  return Math.min(syncTiming.backoffMaxMs, syncTiming.backoffStartMs * 2 ** Math.max(0, failures - 1));
}

export interface Scheduler {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
