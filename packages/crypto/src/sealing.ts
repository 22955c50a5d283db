import { Aes256Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
import type { SealedEnvelope } from '@sanidok/schema';
import { parseSealedEnvelope, sealedEnvelopeAlgorithm, sealedEnvelopeVersion } from '@sanidok/schema';
import { lengthPrefixed } from './encoding';
import type { OrganizationKeys } from './orgKeys/derive';
import { deriveOrganizationKeys, organizationKem, organizationSecretLength } from './orgKeys/derive';
import { organizationKeyFingerprint } from './orgKeys/fingerprint';
import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import { fromBase64Url, publicKeysFromBase64Url } from './orgKeys/payload';
import { toBase64Url } from './random';

/**
 * Sealing to an organisation's public key: HPKE (RFC 9180) base mode, single shot, with
 * DHKEM(X25519, HKDF-SHA256), HKDF-SHA256 and AES-256-GCM, through the maintained `@hpke/core`
 * with the KEM of the organisation key (`organizationKem`). Anyone holding the public key can
 * seal (the server at discharge, a device offline); only the organisation secret opens.
 *
 * The envelope names its format version, algorithm and key id (the organisation's key
 * fingerprint); these header fields and the caller's `aad` are bound as HPKE additional data, so
 * a changed header, or a record moved to another context (another protocol), does not open.
 */

/** HPKE `info`: binds the key schedule to this application and envelope version. */
export const sealingInfo = 'sanidok/sealed/v1';

const encoder = new TextEncoder();
const toBytes = (value: Uint8Array | string): Uint8Array => (typeof value === 'string' ? encoder.encode(value) : value);

/** The cipher suite of every envelope (KEM 0x0020, KDF 0x0001, AEAD 0x0002). */
export function sealingSuite(): CipherSuite {
  return new CipherSuite({ kem: organizationKem(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
}

/** What HPKE authenticates besides the ciphertext: the envelope header and the caller's context. */
export function headerAad(envelope: Pick<SealedEnvelope, 'v' | 'alg' | 'kid'>, aad: Uint8Array | string): Uint8Array {
  return lengthPrefixed([sealingInfo, String(envelope.v), envelope.alg, envelope.kid, toBytes(aad)]);
}

/** The key named in the envelope is not the one given: a wrong or an earlier organisation key. */
export class SealedKeyMismatchError extends Error {
  constructor(
    readonly envelopeKeyId: string,
    readonly givenKeyId: string,
  ) {
    super('The envelope is sealed to another organisation key');
    this.name = 'SealedKeyMismatchError';
  }
}

/** Not a well-formed envelope, tampered with, or bound to other additional data. */
export class SealedOpenError extends Error {
  constructor(message = 'The sealed record cannot be opened') {
    super(message);
    this.name = 'SealedOpenError';
  }
}

/**
 * Seals `plaintext` to the organisation. `recipient` is the organisation's public key payload as
 * the API and the pull deliver it; the fingerprint is recomputed from both public keys and must
 * match, so the envelope's key id is always right.
 */
export async function sealToOrganization(
  recipient: OrganizationPublicKeyPayload,
  plaintext: Uint8Array | string,
  aad: Uint8Array | string,
): Promise<SealedEnvelope> {
  return (await seal(recipient, plaintext, aad, false)).envelope;
}

/** An envelope with the HPKE ephemeral secret it was sealed with (the discharge proof). */
export interface SealedWithProof {
  envelope: SealedEnvelope;
  /** skE: 32 bytes, X25519 in the HPKE serialisation. Opens this envelope only; never stored. */
  ephemeralSecret: Uint8Array;
}

/**
 * As {@link sealToOrganization}, and also returns the ephemeral secret key skE of this envelope,
 * so that a verifier who is entitled to the plaintext anyway (the server at discharge, which
 * holds the same patient data under its own key) can check that the envelope opens with the
 * organisation key (./dischargeProof.ts, docs/security.md "Sealing at discharge").
 *
 * skE is made by the KEM's own `generateKeyPair` (the platform CSPRNG) and handed to @hpke/core
 * as `ekm`, its hook for a sender-chosen ephemeral key: exactly one envelope is sealed with it.
 */
export async function sealToOrganizationWithProof(
  recipient: OrganizationPublicKeyPayload,
  plaintext: Uint8Array | string,
  aad: Uint8Array | string,
): Promise<SealedWithProof> {
  const sealed = await seal(recipient, plaintext, aad, true);
  if (!sealed.ephemeralSecret) throw new Error('No ephemeral secret was kept');
  return { envelope: sealed.envelope, ephemeralSecret: sealed.ephemeralSecret };
}

async function seal(
  recipient: OrganizationPublicKeyPayload,
  plaintext: Uint8Array | string,
  aad: Uint8Array | string,
  keepEphemeral: boolean,
): Promise<{ envelope: SealedEnvelope; ephemeralSecret?: Uint8Array }> {
  const keys = publicKeysFromBase64Url(recipient);
  if (!keys || organizationKeyFingerprint(keys) !== recipient.keyFingerprint) {
    throw new RangeError('The organisation public keys do not match their fingerprint');
  }
  const header = { v: sealedEnvelopeVersion, alg: sealedEnvelopeAlgorithm, kid: recipient.keyFingerprint } as const;
  const suite = sealingSuite();
  const recipientPublicKey = await suite.kem.deserializePublicKey(keys.sealingPublicKey);
  const ekm = keepEphemeral ? await suite.kem.generateKeyPair() : undefined;
  const sealed = await suite.seal({ recipientPublicKey, info: encoder.encode(sealingInfo), ...(ekm ? { ekm } : {}) }, toBytes(plaintext), headerAad(header, aad));
  const envelope = { ...header, enc: toBase64Url(new Uint8Array(sealed.enc)), ct: toBase64Url(new Uint8Array(sealed.ct)) };
  if (!ekm) return { envelope };
  return { envelope, ephemeralSecret: new Uint8Array(await suite.kem.serializePrivateKey(ekm.privateKey)) };
}

/**
 * Opens an envelope with the organisation secret (32 bytes, e.g. from `parseOrganizationSecret`)
 * or with keys already derived from it (faster for many records). Throws
 * {@link SealedKeyMismatchError} when the envelope names another key, {@link SealedOpenError}
 * when it is malformed, tampered with, or `aad` differs from the sealing.
 */
export async function openSealed(
  secretOrKeys: Uint8Array | OrganizationKeys,
  envelope: SealedEnvelope | string,
  aad: Uint8Array | string,
): Promise<Uint8Array> {
  const parsed = parseSealedEnvelope(envelope);
  const enc = parsed ? fromBase64Url(parsed.enc) : undefined;
  const ct = parsed ? fromBase64Url(parsed.ct) : undefined;
  if (!parsed || !enc || !ct) throw new SealedOpenError('Not a sealed envelope of this version');

  const derived = secretOrKeys instanceof Uint8Array ? await deriveFromSecret(secretOrKeys) : undefined;
  const keys = derived ?? (secretOrKeys as OrganizationKeys);
  try {
    if (keys.fingerprint !== parsed.kid) throw new SealedKeyMismatchError(parsed.kid, keys.fingerprint);
    const suite = sealingSuite();
    const recipientKey = await recipientKeyOf(suite, keys);
    try {
      const plaintext = await suite.open({ recipientKey, enc, info: encoder.encode(sealingInfo) }, ct, headerAad(parsed, aad));
      return new Uint8Array(plaintext);
    } catch {
      throw new SealedOpenError();
    }
  } finally {
    // Keys derived here are needed for this one envelope only.
    derived?.sealing.privateKey.fill(0);
    derived?.signing.privateKey.fill(0);
  }
}

// The archive opens hundreds of envelopes with one set of keys: import the private key once.
type RecipientKey = Awaited<ReturnType<CipherSuite['kem']['deserializePrivateKey']>>;
const recipientKeys = new WeakMap<OrganizationKeys, Promise<RecipientKey>>();
function recipientKeyOf(suite: CipherSuite, keys: OrganizationKeys): Promise<RecipientKey> {
  let key = recipientKeys.get(keys);
  if (!key) {
    key = suite.kem.deserializePrivateKey(keys.sealing.privateKey.slice().buffer);
    recipientKeys.set(keys, key);
  }
  return key;
}

function deriveFromSecret(secret: Uint8Array): Promise<OrganizationKeys> {
  if (secret.length !== organizationSecretLength) {
    throw new RangeError(`Expected the ${organizationSecretLength}-byte organisation secret`);
  }
  return deriveOrganizationKeys(secret);
}
