import type { FieldRevision, RecordRevision, RecordRevisionEntity } from '@sanidok/schema';
import type { LocalProtocol, LocalRecordRevision, SaniDokDb } from './db';
import { activeDatabase } from './db';
import type { ApplyContext, DataTables } from './mutationTypes';

/**
 * The record history on the device (docs/decisions.md "The record history travels sealed to the
 * device"): the server's revisions come with the pull (sync entity `recordRevision`); an edit the
 * outbox still holds shows as a `pending` revision written here, so the "Änderungsverlauf" shows an
 * offline edit at once. The server's own revision replaces it once the edit is pushed and pulled.
 */

const localPrefix = 'local:';

/** One changed field of an edit: the value before it and after it, as the server's history keeps them (text or null). */
export interface LocalChange {
  entity: Extract<RecordRevisionEntity, 'protocol' | 'patientData'>;
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The pending revisions of one edit; its device time makes the ids, so the re-apply after a pull
 * (sync/applyPull.ts `reapplyPending`) writes the same rows, with old values of the fresh row.
 */
export async function recordLocalRevisions(tx: DataTables, protocol: Pick<LocalProtocol, 'id' | 'organizationId'>, changes: readonly LocalChange[], ctx: ApplyContext): Promise<void> {
  const rows: LocalRecordRevision[] = changes
    .filter((change) => asText(change.oldValue) !== asText(change.newValue))
    .map((change) => ({
      id: `${localPrefix}${protocol.id}:${ctx.at}:${change.entity}:${change.field}`, protocolId: protocol.id, organizationId: protocol.organizationId,
      entity: change.entity, entityId: protocol.id, field: change.field, oldValue: asText(change.oldValue), newValue: asText(change.newValue),
      changedAt: ctx.at, changedBy: ctx.userName || null, deviceId: null, sequence: Number.MAX_SAFE_INTEGER, replacedConcurrentEdit: false, pending: true,
    }));
  if (rows.length > 0) await tx.recordRevisions.bulkPut(rows);
}

/**
 * Pending revisions whose edit has left the outbox (pushed, or rejected and dismissed) go: the
 * server's revision stands for a pushed one. Runs in the pull page's transaction, unlocked (the
 * outbox's status is read in clear, its args are not).
 */
export async function dropSettledLocalRevisions(db: SaniDokDb): Promise<void> {
  const local = await db.recordRevisions.where('id').startsWith(localPrefix).primaryKeys();
  if (local.length === 0) return;
  const pending = await db.outbox.where('status').equals('pending').toArray();
  const edited = new Set(pending.map((row) => `${row.entityId}:${row.createdAt}`));
  const settled = local.filter((id) => {
    const [protocolId, ...rest] = id.slice(localPrefix.length).split(':');
    // The id's time holds colons itself: protocol id, then time, then entity and field.
    const at = rest.slice(0, -2).join(':');
    return !edited.has(`${protocolId}:${at}`);
  });
  await db.recordRevisions.bulkDelete(settled);
}

/** A protocol's history, in the server's order; this device's pending edits after it, oldest first. */
export async function protocolHistory(db: SaniDokDb, protocolId: string): Promise<LocalRecordRevision[]> {
  const rows = await db.recordRevisions.where('protocolId').equals(protocolId).toArray();
  return rows.sort((a, b) => a.sequence - b.sequence || a.changedAt.localeCompare(b.changedAt) || a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** The same for the full print, from the signed-in user's database (features/protocols/print). */
export function readProtocolHistory(protocolId: string): Promise<RecordRevision[]> {
  return protocolHistory(activeDatabase(), protocolId);
}

/**
 * The conflict review of a protocol: the changes that replaced a value another device wrote
 * meanwhile (`replacedConcurrentEdit`), newest first, as the review lists them.
 */
export async function replacedProtocolValues(db: SaniDokDb, protocolId: string): Promise<FieldRevision[]> {
  const history = await protocolHistory(db, protocolId);
  return history
    .filter((revision) => revision.replacedConcurrentEdit && (revision.entity === 'protocol' || revision.entity === 'patientData'))
    .reverse()
    .map((revision) => ({
      entity: revision.entity as FieldRevision['entity'], field: revision.field, replacedValue: revision.oldValue, newValue: revision.newValue,
      changedAt: revision.changedAt, changedBy: revision.changedBy,
    }));
}

/** A protocol's history leaves the device with its patient data (discharge confirmed, purge, deletion). */
export async function dropProtocolHistories(tx: DataTables, protocolIds: readonly string[]): Promise<void> {
  if (protocolIds.length > 0) await tx.recordRevisions.where('protocolId').anyOf([...protocolIds]).delete();
}
