/** Limits shared across server processes (migration 2026-11-24_014); times in epoch milliseconds. */
export interface RateLimitWindowsTable {
  key: string;
  hits: number;
  windowStartMs: number;
}

export interface AttemptLimitsTable {
  key: string;
  failures: number;
  lastFailureMs: number;
  lockedUntilMs: number;
}

/** One open board stream, counted across processes on PostgreSQL (plugins/streamLeases.ts). */
export interface BoardStreamLeasesTable {
  id: string;
  processId: string;
  userId: number;
  organizationId: number;
  address: string;
  expiresAt: string;
}

export interface RateLimitTables {
  rateLimitWindows: RateLimitWindowsTable;
  attemptLimits: AttemptLimitsTable;
  boardStreamLeases: BoardStreamLeasesTable;
}
