import type { OrganizationListItem, PatientData, SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import { compactPatientData, parseSealedPatientDataPayload } from '@sanidok/schema';
import { lengthPrefixed } from './encoding';
import type { OrganizationKeys } from './orgKeys/derive';
import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import { createSealedOpener } from './sealedOpener';
import { openSealed, sealToOrganization } from './sealing';

/**
 * Patient data of a discharged protocol, sealed to the organisation key (docs/security.md,
 * "Sealing at discharge"). The additional data binds each envelope to its organisation and
 * protocol: an envelope copied onto another protocol's row does not open.
 */
export const patientDataAadLabel = 'sanidok/patient-data/v1';

export interface PatientDataSealContext {
  organizationId: number;
  protocolId: string;
}

export function patientDataAad(context: PatientDataSealContext): Uint8Array {
  return lengthPrefixed([patientDataAadLabel, String(context.organizationId), context.protocolId]);
}

/** Seals a full payload (the server adds replaced values of concurrent edits). */
export function sealPatientData(
  recipient: OrganizationPublicKeyPayload,
  context: PatientDataSealContext,
  payload: Omit<SealedPatientDataPayload, 'v' | 'protocolId'>,
): Promise<SealedEnvelope> {
  const body: SealedPatientDataPayload = { v: 1, protocolId: context.protocolId, ...payload, patientData: compactPatientData(payload.patientData) };
  return sealToOrganization(recipient, JSON.stringify(body), patientDataAad(context));
}

/**
 * For the device that discharges a protocol (also offline): seals its local patient data to the
 * organisation's public key as it came with the pull (`organizations[]` carries
 * `sealingPublicKey`, `signingPublicKey` and `keyFingerprint`). Send the result as
 * `sealedPatientData` of the mutation `protocol.discharge`, together with `patientDataVersion`
 * (the `version` of the local patient data row as last pulled, if any); see
 * docs/sync-protocol.md "Discharge and sealing". The plaintext is then never sent again.
 *
 * Throws a RangeError when the organisation's keys do not match their fingerprint.
 */
export function sealPatientDataForDischarge(
  organization: Pick<OrganizationListItem, 'id' | 'sealingPublicKey' | 'signingPublicKey' | 'keyFingerprint'>,
  protocolId: string,
  patientData: Partial<PatientData>,
  sealedAt: string = new Date().toISOString(),
): Promise<SealedEnvelope> {
  return sealPatientData(organization, { organizationId: organization.id, protocolId }, { patientData, replacedValues: [], sealedAt, sealedBy: 'device' });
}

/**
 * Opens sealed patient data with the organisation secret or keys derived from it (the archive
 * screen derives once for all protocols). Errors as `openSealed`.
 */
export async function openSealedPatientData(
  secretOrKeys: Uint8Array | OrganizationKeys,
  context: PatientDataSealContext,
  envelope: SealedEnvelope | string,
): Promise<SealedPatientDataPayload> {
  const plaintext = await openSealed(secretOrKeys, envelope, patientDataAad(context));
  const payload = parseSealedPatientDataPayload(new TextDecoder().decode(plaintext));
  plaintext.fill(0);
  return payload;
}

/** Opens the patient data of many protocols with one organisation key (the archive). */
export interface PatientDataOpener {
  open(context: PatientDataSealContext, envelope: SealedEnvelope | string): Promise<SealedPatientDataPayload>;
}

/**
 * The archive's way to open a whole service: keys derived once, the recipient key and the
 * key-schedule constants prepared once (see `createSealedOpener`). Same results and errors as
 * `openSealedPatientData`.
 */
export async function createPatientDataOpener(keys: Pick<OrganizationKeys, 'sealing' | 'fingerprint'>): Promise<PatientDataOpener> {
  const opener = await createSealedOpener(keys);
  const decoder = new TextDecoder();
  return {
    async open(context, envelope) {
      const plaintext = await opener.open(envelope, patientDataAad(context));
      const payload = parseSealedPatientDataPayload(decoder.decode(plaintext));
      plaintext.fill(0);
      return payload;
    },
  };
}
