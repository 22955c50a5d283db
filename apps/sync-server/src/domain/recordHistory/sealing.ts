import { sealRecordHistory } from '@sanidok/crypto';
import { serializeSealedEnvelope } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { PatientProtocolRow } from '../../db/database';
import { nowIso } from '../time';
import { historyRows, openHistory } from './rows';

/**
 * At discharge (and wherever patient data is sealed: archiving a service, leftovers at start), in
 * the same transaction: the protocol's whole history is sealed to the organisation's current key
 * by the server, which can seal but never open, and the server-key copies are deleted. The archive
 * opens it with the key (docs/decisions.md "Every change kept (§ 630f BGB)"). A protocol without
 * any change has nothing to seal. Revisions of minor treatments belong to no protocol and stay.
 */
export async function sealHistoryAtDischarge(trx: Db, dataKey: string, protocol: Pick<PatientProtocolRow, 'id' | 'organizationId'>): Promise<void> {
  const revisions = await openHistory(dataKey, await historyRows(trx, protocol.id));
  if (revisions.length === 0) return;
  const organization = await trx
    .selectFrom('organizations')
    .select(['id', 'sealingPublicKey', 'signingPublicKey', 'keyFingerprint'])
    .where('id', '=', protocol.organizationId)
    .executeTakeFirstOrThrow();
  const envelope = await sealRecordHistory(organization, { organizationId: organization.id, protocolId: protocol.id }, revisions);
  await trx
    .insertInto('sealedRecordHistories')
    .values({ protocolId: protocol.id, organizationId: organization.id, keyFingerprint: envelope.kid, envelope: serializeSealedEnvelope(envelope), sealedAt: nowIso() })
    .execute();
  await trx.deleteFrom('recordRevisions').where('protocolId', '=', protocol.id).execute();
}
