import type { RecordRevision } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { historyRows, openHistory } from '../recordHistory/rows';
import { mayHoldPatientData } from '../serviceTeams/queries';
import { requireProtocolAccess } from './access';

/**
 * GET …/history: every change of an open protocol, oldest first. The history is the patient record
 * (old patient data and clinical values alike): only for those who may hold the patient data — the
 * service's team in its window, never by REST where devices need their key (docs/security.md
 * "Patient data needs the unlocked device"). Others get an empty list, as for a discharged
 * protocol, whose history was sealed with the record (../recordHistory/sealing.ts) and is read in the archive.
 */
export async function listProtocolHistory(ctx: QueryContext, protocolId: unknown): Promise<RecordRevision[]> {
  const { db, dataKey, user } = ctx;
  const { protocol, service } = await requireProtocolAccess(db, protocolId, user);
  if (ctx.withholdPatientIdentity || !(await mayHoldPatientData(db, user.id, service))) return [];
  return openHistory(dataKey, await historyRows(db, protocol.id));
}
