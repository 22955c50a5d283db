import type { RecordRevision, SealedEnvelope, SealedRecordHistoryPayload } from '@sanidok/schema';
import { sealedRecordHistoryPayloadSchema } from '@sanidok/schema';
import { lengthPrefixed } from './encoding';
import type { OrganizationKeys } from './orgKeys/derive';
import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import type { PatientDataSealContext } from './patientDataSealing';
import { openSealed, sealToOrganization } from './sealing';

/**
 * The history of a discharged protocol (every revision, packages/schema recordHistory.ts), sealed
 * to the organisation key at discharge beside the patient data (docs/decisions.md "Every change
 * kept (§ 630f BGB)"). Its own envelope and label: the patient-data envelope stays as the device
 * sealed it, and an envelope copied between the two kinds does not open.
 */
export const recordHistoryAadLabel = 'sanidok/record-history/v1';

export function recordHistoryAad(context: PatientDataSealContext): Uint8Array {
  return lengthPrefixed([recordHistoryAadLabel, String(context.organizationId), context.protocolId]);
}

export function sealRecordHistory(recipient: OrganizationPublicKeyPayload, context: PatientDataSealContext, revisions: RecordRevision[]): Promise<SealedEnvelope> {
  const body: SealedRecordHistoryPayload = { v: 1, protocolId: context.protocolId, revisions };
  return sealToOrganization(recipient, JSON.stringify(body), recordHistoryAad(context));
}

/** Opens a sealed history (the archive, with the organisation key); throws on a foreign or broken envelope. */
export async function openSealedRecordHistory(
  secretOrKeys: Uint8Array | OrganizationKeys,
  context: PatientDataSealContext,
  envelope: SealedEnvelope | string,
): Promise<SealedRecordHistoryPayload> {
  const plaintext = await openSealed(secretOrKeys, envelope, recordHistoryAad(context));
  const text = new TextDecoder().decode(plaintext);
  plaintext.fill(0);
  const payload = sealedRecordHistoryPayloadSchema.parse(JSON.parse(text));
  if (payload.protocolId !== context.protocolId) throw new RangeError('Sealed history of another protocol');
  return payload;
}
