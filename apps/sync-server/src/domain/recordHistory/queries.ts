import type { RecordRevision } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { QueryContext } from '../context';
import { requireProtocolAccess } from '../protocols/access';
import { mayHoldPatientData } from '../serviceTeams/queries';
import { openRevisionValue } from './revisions';

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

/**
 * GET …/history: every change of an open protocol, oldest first. The history is the patient record
 * (old patient data and clinical values alike): only for those who may hold the patient data — the
 * service's team in its window, never by REST where devices need their key (docs/security.md
 * "Patient data needs the unlocked device"). Others get an empty list, as for a discharged
 * protocol, whose history was sealed with the record (./sealing.ts) and is read in the archive.
 */
export async function listProtocolHistory(ctx: QueryContext, protocolId: unknown): Promise<RecordRevision[]> {
  const { db, dataKey, user } = ctx;
  const { protocol, service } = await requireProtocolAccess(db, protocolId, user);
  if (ctx.withholdPatientIdentity || !(await mayHoldPatientData(db, user.id, service))) return [];
  return openHistory(dataKey, await historyRows(db, protocol.id));
}
