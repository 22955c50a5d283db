import type { Db } from '../db/connection';
import type { UserRow } from '../db/database';

/** Where a request came from: stored with sessions, beta-code uses and audit entries. */
export interface RequestContext {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * What every domain query receives: the database, the reading user, and the server data key
 * (AES-256-GCM) for fields encrypted at rest. Always the first argument, as for commands.
 */
export interface QueryContext {
  db: Db;
  user: UserRow;
  dataKey: string;
}

/**
 * What every domain command receives, from a REST route or from a sync push alike: the database
 * (a transaction during a push), the acting user, the data key, and where the request came from.
 */
export interface CommandContext extends QueryContext {
  request: RequestContext;
  /** Set when the command runs from a device's push. */
  deviceId?: string;
}
