import type { OutboxRow, SaniDokDb } from './db';
import { notifyLocalWrite } from './localWrites';
import type { ApplyContext, MutationArgs, MutationName } from './mutationTypes';
import { mutations } from './mutations';
import { uuidv7 } from './uuid';

/** Name of the performance mark set when a local write has committed. */
export const localWriteMark = 'sanidok:local-write';

/** The DOM types claim `performance` always exists; workers and older test runtimes disagree. */
export function performanceApi(): Pick<Performance, 'mark'> | undefined {
  const api = (globalThis as { performance?: Partial<Pick<Performance, 'mark'>> }).performance;
  return api?.mark ? { mark: api.mark.bind(api) } : undefined;
}

/** Every table a local write may touch; one list so the transaction scope can never be too small. */
export function writeScope(db: SaniDokDb) {
  return [
    db.meta, db.outbox, db.services, db.organizations, db.materials, db.minorTreatments, db.materialUsage,
    db.protocols, db.patientData, db.vitalRecords, db.treatmentEntries, db.serviceTeamMembers, db.treatmentTemplates, db.diaryEntries,
    db.manvIncidents, db.manvPatients, db.manvTriages, db.recordRevisions,
  ];
}

export function applyContext(db: SaniDokDb, at: string): ApplyContext {
  return { at, userId: db.userId, userName: db.userName };
}

/**
 * The local write of docs/sync-protocol.md: the optimistic change and its outbox row with the next
 * seq, in ONE read-write transaction. Either both are stored or neither (a crash, a full disk or a
 * throw anywhere inside aborts the whole transaction), so nothing is lost or sent without its
 * local effect, and seq stays gapless.
 */
export async function writeMutation<N extends MutationName>(
  db: SaniDokDb,
  name: N,
  args: MutationArgs[N] | ((db: SaniDokDb) => Promise<MutationArgs[N] | null>),
): Promise<OutboxRow | null> {
  const definition = mutations[name];
  const row = await db.transaction('rw', writeScope(db), async () => {
    // Requests of one transaction are pipelined, so the seq read travels with the builder's reads
    // (Dexie's own promise, not an async wrapper: that would leave the transaction's zone).
    const lastSeq = db.meta.get('seq');
    // If the builder refuses, the transaction aborts and this read fails with it: not an error.
    lastSeq.catch(() => undefined);
    // A builder reads the current row inside the same transaction (diffs, base versions), so no
    // other write can slip in between reading and writing. null: nothing to do.
    const resolved = typeof args === 'function' ? await args(db) : args;
    if (resolved === null) return null;
    const at = new Date().toISOString();
    const seq = (((await lastSeq)?.value as number | undefined) ?? 0) + 1;
    const outboxRow: OutboxRow = {
      seq,
      mutationId: uuidv7(),
      name,
      args: resolved,
      createdAt: at,
      entityId: definition.entityId(resolved),
      status: 'pending',
    };
    // Outbox row and counter travel together with the local effect's requests instead of after
    // them; the transaction still commits all of it or nothing.
    const queued = Promise.all([db.outbox.add(outboxRow), db.meta.put({ key: 'seq', value: seq })]);
    queued.catch(() => undefined);
    await definition.apply(db, resolved, applyContext(db, at));
    await queued;
    return outboxRow;
  });
  // Only after the commit: the engine must never push a row that might still roll back.
  if (row) {
    // User Timing mark at the moment of commit: diagnostics and bench/capture read it.
    performanceApi()?.mark(localWriteMark, { detail: { name, seq: row.seq } });
    notifyLocalWrite();
  }
  return row;
}

export function pendingRows(db: SaniDokDb, limit?: number): Promise<OutboxRow[]> {
  // Rows with equal index keys come back in primary-key order, i.e. ascending seq.
  const collection = db.outbox.where('status').equals('pending');
  return (limit === undefined ? collection : collection.limit(limit)).toArray();
}

export function pendingCount(db: SaniDokDb): Promise<number> {
  return db.outbox.where('status').equals('pending').count();
}

export function rejectedRows(db: SaniDokDb): Promise<OutboxRow[]> {
  return db.outbox.where('status').equals('rejected').toArray();
}

export async function pendingEntityIds(db: SaniDokDb): Promise<Set<string>> {
  const rows = await db.outbox.where('status').equals('pending').toArray();
  return new Set(rows.map((r) => r.entityId));
}

export async function isEntityPending(db: SaniDokDb, entityId: string): Promise<boolean> {
  const count = await db.outbox
    .where('entityId')
    .equals(entityId)
    .filter((r) => r.status === 'pending')
    .count();
  return count > 0;
}
