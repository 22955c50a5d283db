import type { OrganizationListItem, PatientData, SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import { compactPatientData, parseSealedPatientDataPayload } from '@sanidok/schema';
import { lengthPrefixed } from './encoding';
import type { OrganizationKeys } from './orgKeys/derive';
import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import { createSealedOpener } from './sealedOpener';
import { openSealed, sealToOrganization, sealToOrganizationWithProof } from './sealing';
import { toBase64Url } from './random';

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

/** What a device sends with 'protocol.discharge': the envelope and its proof. */
export interface DischargeSeal {
  sealedPatientData: SealedEnvelope;
  /** The envelope's HPKE ephemeral secret skE, base64url (./dischargeProof.ts). */
  sealProof: string;
}

/**
 * For the device that discharges a protocol (also offline): seals its local patient data to the
 * organisation's public key as it came with the pull (`organizations[]` carries
 * `sealingPublicKey`, `signingPublicKey` and `keyFingerprint`). Send both fields of the result
 * with the mutation `protocol.discharge`, together with `patientDataVersion` (the `version` of the
 * local patient data row as last pulled, if any); see docs/sync-protocol.md "Discharge and
 * sealing". The server keeps the envelope only after `verifyDischargeSeal` opened it with the
 * proof; it never stores the proof.
 *
 * Throws a RangeError when the organisation's keys do not match their fingerprint.
 */
export async function sealPatientDataForDischarge(
  organization: Pick<OrganizationListItem, 'id' | 'sealingPublicKey' | 'signingPublicKey' | 'keyFingerprint'>,
  protocolId: string,
  patientData: Partial<PatientData>,
  sealedAt: string = new Date().toISOString(),
): Promise<DischargeSeal> {
  const body: SealedPatientDataPayload = { v: 1, protocolId, patientData: compactPatientData(patientData), replacedValues: [], sealedAt, sealedBy: 'device' };
  const sealed = await sealToOrganizationWithProof(organization, JSON.stringify(body), patientDataAad({ organizationId: organization.id, protocolId }));
  const sealProof = toBase64Url(sealed.ephemeralSecret);
  sealed.ephemeralSecret.fill(0);
  return { sealedPatientData: sealed.envelope, sealProof };
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
