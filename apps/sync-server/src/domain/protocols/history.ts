import type { RecordRevision } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { historyRows, openHistory } from '../recordHistory/rows';
import { mayHoldPatientData } from '../serviceTeams/queries';
import { requireProtocolAccess } from './access';

/**
 * GET …/history: every change of an open protocol, oldest first. The history is the patient record,
 * so it goes only to those who may hold the patient data (the service's team in its window);
 * others get an empty list, as for a discharged protocol, whose history was sealed with the record
 * (../recordHistory/sealing.ts) and is read in the archive. REST answers the history without the
 * patient-data revisions, as `…/revisions` does: the identity travels only sealed to a device
 * (docs/security.md "Patient data needs the unlocked device").
 */
export async function listProtocolHistory(ctx: QueryContext, protocolId: unknown): Promise<RecordRevision[]> {
  const { db, dataKey, user } = ctx;
  const { protocol, service } = await requireProtocolAccess(db, protocolId, user);
  if (!(await mayHoldPatientData(db, user.id, service))) return [];
  const rows = await historyRows(db, protocol.id);
  return openHistory(dataKey, rows.filter((row) => row.entity !== 'patientData'));
}
