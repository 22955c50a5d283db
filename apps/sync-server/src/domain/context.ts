import type { Db } from '../db/connection';
import type { UserRow } from '../db/database';
import type { RequestContext } from './beta/consumeBetaCode';

/**
 * What every domain command receives, from a REST route or from a sync push alike: the database
 * (a transaction during a push), the acting user, and where the request came from.
 */
export interface CommandContext {
  db: Db;
  user: UserRow;
  request: RequestContext;
  /** Server data key (AES-256-GCM) for fields encrypted at rest. */
  dataKey: string;
  /** Set when the command runs from a device's push. */
  deviceId?: string;
}
