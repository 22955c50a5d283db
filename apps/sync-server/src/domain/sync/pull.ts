import type { PullResponse, SyncChange } from '@sanidok/schema';
import type { z } from 'zod';
import { pullQuerySchema, SYNC_SCHEMA_VERSION, syncMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';
import type { QueryContext } from '../context';
import { AppError, validate } from '../errors';
import { registeredDeviceKey } from '../deviceKeys/devicePublicKeys';
import { pageSealer } from '../deviceKeys/pageSealer';
import { listMyOrganizations } from '../organizations/queries';
import type { TeamScope } from '../serviceTeams/queries';
import { loadTeamScope } from '../serviceTeams/queries';
import { decodeCursor, encodeCursor } from './cursor';
import { reportDeviceStatus } from './deviceStatus';
import type { PullReader } from './sources';
import { preparedSources } from './preparedSources';
import { syncSources, syncTables } from './sources';
import type { PreparedChange } from './sqlJson';
import type { VersionWindow } from './window';
import { versionWindow } from './window';

const defaultPageSize = 500;
const noPatientData: TeamScope = { patientData: new Set() };

/** A change as a source hands it over: an object, or JSON the database wrote (./sqlJson.ts). */
export type PulledChange = SyncChange | PreparedChange;

/** A pull page before serialisation (routes/api/pullSerializer.ts): its changes of both kinds. */
export type PullPage = Omit<PullResponse, 'changes'> & { changes: PulledChange[] };


/**
 * At most `limit` changes of one organisation after `from` from every source, merged in version
 * order; `upTo` is where the page ends (./window.ts), null when nothing changed.
 */
async function organizationChanges(db: Db, organizationId: number, from: number, limit: number, reader: PullReader): Promise<{ changes: PulledChange[]; window: VersionWindow | null }> {
  const window = await versionWindow(db, syncTables, organizationId, from, limit);
  if (!window) return { changes: [], window };
  const range = { from, upTo: window.upTo, limit };
  // Only the sources whose table has rows in the window: a page of services reads two, not fifteen.
  const perSource = await Promise.all<PulledChange[]>([
    ...preparedSources.filter((source) => window.tables.has(source.table)).map((source) => source.read(db, organizationId, range, reader)),
    ...syncSources.filter((source) => window.tables.has(source.table)).map((source) => source.read(db, organizationId, range, reader)),
  ]);
  return { changes: perSource.flat().sort((a, b) => a.version - b.version), window };
}

/**
 * One page of changes for the signed-in user (docs/sync-protocol.md, Pull). Membership is read
 * at every pull, so a removed member gets nothing more of that organisation, and its absence
 * from `organizations` tells the device to purge it. The team scope too is read at every pull
 * (one indexed query): `patientDataServices` names the services whose patient data the device
 * may keep; it purges the rest once its outbox holds nothing for them (docs/sync-protocol.md).
 */
export async function pullChanges(ctx: QueryContext, query: unknown): Promise<PullPage> {
  const params = validate(pullQuerySchema, query);
  if (params.schemaVersion !== undefined && params.schemaVersion !== SYNC_SCHEMA_VERSION) {
    throw new AppError(409, 'SCHEMA_MISMATCH', syncMessages.schemaMismatch);
  }
  // Before the read-only snapshot below: the board's team panel.
  if (params.deviceId !== undefined && params.pending !== undefined) await reportDeviceStatus(ctx.db, ctx.user.id, params.deviceId, params.pending);
  // PostgreSQL: every query of the page reads one snapshot, so a push that commits meanwhile is
  // wholly in it or wholly out (docs/sync-protocol.md, "Versions in commit order"). SQLite's pull
  // runs between writes on its one connection anyway.
  if (!isPostgres(ctx.db)) return pullPage(ctx, params);
  return ctx.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => pullPage({ ...ctx, db: trx }, params));
}

async function pullPage(ctx: QueryContext, params: z.output<typeof pullQuerySchema>): Promise<PullPage> {
  const { db, dataKey } = ctx;
  const cursor = decodeCursor(params.cursor);
  const limit = params.limit ?? defaultPageSize;
  const [organizations, teamScope, deviceKey] = await Promise.all([
    listMyOrganizations(ctx), loadTeamScope(db, ctx.user.id), registeredDeviceKey(db, ctx.user.id, params.deviceId),
  ]);
  // Patient data needs the unlocked device (docs/security.md): with a registered device key its
  // identifying fields travel sealed to that key; without one the reader counts as on no team
  // (what the session cookie of a locked tablet's disk copy gets).
  const sealer = deviceKey === undefined ? null : pageSealer(deviceKey);
  const scope: TeamScope = sealer === null ? noPatientData : teamScope;
  const patientDataServices = [...scope.patientData].sort();
  const patientDataJson = JSON.stringify(patientDataServices);
  const next: Record<string, number> = {};
  const changes: PulledChange[] = [];
  let hasMore = false;
  for (const organization of [...organizations].sort((a, b) => a.id - b.id)) {
    const from = cursor[organization.id] ?? 0;
    next[organization.id] = from;
    const budget = limit - changes.length;
    if (budget <= 0) {
      hasMore = true;
      continue;
    }
    const reader: PullReader = { userId: ctx.user.id, dataKey, role: organization.role, scope, patientDataJson, sealer };
    const found = await organizationChanges(db, organization.id, from, budget, reader);
    changes.push(...found.changes);
    // More to come: the cursor moves to the window's end even where a filtering source left the
    // page short (or empty), so the next page starts after it.
    if (found.window?.hasMore) {
      hasMore = true;
      next[organization.id] = found.window.upTo;
      continue;
    }
    const last = found.changes.at(-1);
    if (last) next[organization.id] = last.version;
  }
  return { cursor: encodeCursor(next), hasMore, organizations, patientDataServices, changes };
}
