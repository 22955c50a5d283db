import type { RecordRevision } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { openRevisionValue } from '../recordRevisions';

/** The stored revisions of a protocol with their authors' names, in the server's order. */
export async function historyRows(db: Db, protocolId: string) {
  return db
    .selectFrom('recordRevisions as r')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .select(['r.entity', 'r.entityId', 'r.field', 'r.oldValue', 'r.newValue', 'r.changedAt', 'r.deviceId', 'r.sequence', 'u.fullName', 'u.username'])
    .where('r.protocolId', '=', protocolId)
    .orderBy('r.sequence')
    .orderBy('r.id')
    .execute();
}

/** Rows opened with the server data key (the history reader and the sealing at discharge). */
export async function openHistory(dataKey: string, rows: Awaited<ReturnType<typeof historyRows>>): Promise<RecordRevision[]> {
  return Promise.all(
    rows.map(async (row) => ({
      entity: row.entity, entityId: row.entityId, field: row.field,
      oldValue: await openRevisionValue(dataKey, row, row.oldValue), newValue: await openRevisionValue(dataKey, row, row.newValue),
      changedAt: row.changedAt, changedBy: row.fullName ?? row.username ?? null, deviceId: row.deviceId, sequence: row.sequence,
    })),
  );
}
