import type { Db } from '../../db/connection';
import type { PatientProtocolRow } from '../../db/database';
import type { RevisionAuthor } from '../recordRevisions';
import { appendRevisions } from '../recordRevisions';

/** The discharge fields a revision names (who discharged is the revision's author). */
const dischargeFields = ['status', 'dischargeStatus', 'dischargeOutcome', 'dischargeDestination', 'handoverTo', 'dischargeComment', 'dischargedAt'] as const;
type DischargeField = (typeof dischargeFields)[number];

/**
 * The discharge appends its fields to the history (old → new), in the discharge's transaction and
 * before the history is sealed with the record (./sealing.ts).
 */
export async function recordDischarge(
  trx: Db,
  author: RevisionAuthor,
  protocol: Pick<PatientProtocolRow, 'id' | DischargeField>,
  discharge: Record<DischargeField, string | null>,
  sequence: number,
): Promise<void> {
  const changes = dischargeFields
    .filter((field) => discharge[field] !== protocol[field])
    .map((field) => ({ field, oldValue: protocol[field], newValue: discharge[field] }));
  await appendRevisions(trx, author, 'discharge', protocol.id, sequence, changes);
}
