import type { SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import { parseSealedEnvelope, parseSealedPatientDataPayload } from '@sanidok/schema';
import { organizationKeyFingerprint } from './orgKeys/fingerprint';
import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import { fromBase64Url, publicKeysFromBase64Url } from './orgKeys/payload';
import type { PatientDataSealContext } from './patientDataSealing';
import { patientDataAad } from './patientDataSealing';
import type { HpkeKeySchedule } from './sealedOpener';
import { importX25519PrivateKey, prepareHpkeKeySchedule, sealingSuiteParameters, x25519 } from './sealedOpener';
import { headerAad, SealedKeyMismatchError, SealedOpenError } from './sealing';

/**
 * The discharge proof (docs/security.md, "Sealing at discharge"): a device that seals patient
 * data at discharge sends, beside the envelope, the HPKE ephemeral secret skE it sealed this one
 * envelope with. The server holds the same patient data under its own key at that moment, so the
 * proof tells it nothing it may not know; with it, the server checks — without the organisation
 * secret — that the envelope is what an owner will open in the archive:
 *
 * 1. X25519(skE, base point) is the envelope's `enc` (the proof belongs to this envelope);
 * 2. the envelope names the organisation's current key and the key matches its fingerprint;
 * 3. RFC 9180 Decap from the sender's side, DH(skE, pkR) = DH(skR, pkE), and the same key
 *    schedule, info and additional data as the organisation's opener (./sealedOpener.ts) open
 *    `ct` — AES-GCM authenticates it, so garbage, plaintext or another recipient key fail here;
 * 4. the plaintext is a sealed patient-data payload of this protocol.
 */

/** X25519 base point u = 9 (RFC 7748 §4.1), little-endian. */
const basePoint = new Uint8Array(32);
basePoint[0] = 9;
const ephemeralSecretLength = 32;

let schedule: Promise<HpkeKeySchedule> | undefined;

/**
 * Opens `envelope` as its sender, with the ephemeral secret it was sealed with, for the
 * organisation `recipient`. Throws {@link SealedKeyMismatchError} when the envelope names another
 * key, {@link SealedOpenError} for anything else that does not open.
 */
export async function openWithEphemeralSecret(
  recipient: OrganizationPublicKeyPayload,
  envelope: SealedEnvelope | string,
  ephemeralSecret: Uint8Array,
  aad: Uint8Array | string,
): Promise<Uint8Array> {
  const parsed = parseSealedEnvelope(envelope);
  const enc = parsed ? fromBase64Url(parsed.enc) : undefined;
  const ct = parsed ? fromBase64Url(parsed.ct) : undefined;
  if (!parsed || enc?.length !== 32 || !ct) throw new SealedOpenError('Not a sealed envelope of this version');
  const keys = publicKeysFromBase64Url(recipient);
  if (!keys || organizationKeyFingerprint(keys) !== recipient.keyFingerprint) {
    throw new RangeError('The organisation public keys do not match their fingerprint');
  }
  if (parsed.kid !== recipient.keyFingerprint) throw new SealedKeyMismatchError(parsed.kid, recipient.keyFingerprint);
  if (ephemeralSecret.length !== ephemeralSecretLength) throw new SealedOpenError('Not an X25519 ephemeral secret');

  let dh: Uint8Array | undefined;
  try {
    const secretKey = await importX25519PrivateKey(ephemeralSecret);
    const ephemeralPublic = await x25519(secretKey, basePoint);
    if (!sameBytes(ephemeralPublic, enc)) throw new SealedOpenError('The proof does not belong to this envelope');
    dh = await x25519(secretKey, keys.sealingPublicKey);
    schedule ??= prepareHpkeKeySchedule(sealingSuiteParameters);
    return await (await schedule).openWithDh(dh, enc, keys.sealingPublicKey, ct, headerAad(parsed, aad));
  } catch (error) {
    throw error instanceof SealedOpenError ? error : new SealedOpenError();
  } finally {
    dh?.fill(0);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * The server's check of a device's discharge envelope: opens it with the proof (`sealProof`, the
 * base64url skE of {@link sealPatientDataForDischarge}) and returns the sealed payload when it is
 * a patient-data payload of `context.protocolId`. Errors as {@link openWithEphemeralSecret}; a
 * payload of another protocol, or not JSON, is a {@link SealedOpenError}.
 */
export async function verifyDischargeSeal(
  recipient: OrganizationPublicKeyPayload,
  context: PatientDataSealContext,
  envelope: SealedEnvelope | string,
  sealProof: string,
): Promise<SealedPatientDataPayload> {
  const secret = fromBase64Url(sealProof);
  if (!secret) throw new SealedOpenError('The proof is not base64url');
  const plaintext = await openWithEphemeralSecret(recipient, envelope, secret, patientDataAad(context)).finally(() => secret.fill(0));
  let payload: SealedPatientDataPayload;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
    const raw: unknown = JSON.parse(text);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SealedOpenError('Not a payload object');
    payload = parseSealedPatientDataPayload(text);
    const record = raw as Record<string, unknown>;
    if (record.v !== 1 || !record.patientData || typeof record.patientData !== 'object') throw new SealedOpenError('Not a patient-data payload');
  } catch (error) {
    throw error instanceof SealedOpenError ? error : new SealedOpenError('Not a patient-data payload');
  } finally {
    plaintext.fill(0);
  }
  if (payload.protocolId !== context.protocolId) throw new SealedOpenError('The payload belongs to another protocol');
  return payload;
}
