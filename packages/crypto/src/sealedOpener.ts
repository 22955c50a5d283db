import type { SealedEnvelope } from '@sanidok/schema';
import { parseSealedEnvelope } from '@sanidok/schema';
import type { OrganizationKeys } from './orgKeys/derive';
import { fromBase64Url } from './orgKeys/payload';
import { headerAad, SealedKeyMismatchError, SealedOpenError, sealingInfo } from './sealing';

/**
 * Opening many envelopes sealed to one organisation key (the patient archive opens a whole
 * service at once). The result is exactly HPKE's single-shot open (RFC 9180 §4.1 DHKEM(X25519,
 * HKDF-SHA256), §5.1 key schedule in base mode, §5.2 open) of `openSealed`; it is written out here
 * because @hpke/core's open, made for one message, costs 19 WebCrypto round trips per envelope:
 * it re-derives the recipient's public key, recomputes the two hashes of the key schedule that
 * depend only on the constant `info`, and runs each HKDF step through WebCrypto.
 *
 * Here everything that depends on the key or on `info` is computed once per opener. Per envelope
 * remain the two steps that need the platform: the X25519 agreement (WebCrypto, in Chromium on
 * its own threads) and AES-256-GCM. The five HMAC-SHA256 of HKDF over a few dozen bytes run in
 * JavaScript (noble's SHA-256, shipped inside @hpke/common), microseconds each instead of a
 * round trip each. The tests check it against the RFC's test vector A.1, against @hpke/core in
 * both directions, and for the same refusals as `openSealed`.
 */

const encoder = new TextEncoder();
const hpkeVersion = encoder.encode('HPKE-v1');
const kemId = 0x0020;
const kdfId = 0x0001;
/** AES-256-GCM (0x0002); the RFC's vector A.1 uses AES-128-GCM (0x0001). */
const aes256GcmId = 0x0002;
const modeBase = 0x00;
const hashLength = 32;
const nonceLength = 12;
const pkcs8X25519Prefix = new Uint8Array([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20]);

type Bytes = Uint8Array<ArrayBuffer>;
/** WebCrypto, typed the same for the browser (DOM) and the server (Node). */
type Subtle = typeof globalThis.crypto.subtle;
/** A WebCrypto key, named without the DOM library (the server compiles without it). */
export type WebCryptoKey = Awaited<ReturnType<Subtle['importKey']>>;

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const i2osp2 = (value: number): Bytes => new Uint8Array([value >> 8, value & 0xff]);
const kemSuiteId = concat(encoder.encode('KEM'), i2osp2(kemId));
const emptyBytes = new Uint8Array(0);

const labeledIkm = (suiteId: Uint8Array, label: string, ikm: Uint8Array): Bytes => concat(hpkeVersion, suiteId, encoder.encode(label), ikm);
const labeledInfo = (suiteId: Uint8Array, label: string, info: Uint8Array, length: number): Bytes =>
  concat(i2osp2(length), hpkeVersion, suiteId, encoder.encode(label), info);

/** RFC 9180 §4 LabeledExtract: HMAC-SHA256 keyed with the salt (empty = HashLen zero bytes). */
async function labeledExtract(subtle: Subtle, suiteId: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array): Promise<Bytes> {
  const key = await subtle.importKey('raw', salt.length ? new Uint8Array(salt) : new Uint8Array(hashLength), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', key, labeledIkm(suiteId, label, ikm)));
}

/** The parameters of one cipher suite whose KEM is DHKEM(X25519, HKDF-SHA256) and KDF HKDF-SHA256. */
export interface HpkeOpenSuite {
  /** 0x0001 AES-128-GCM or 0x0002 AES-256-GCM. */
  aeadId: 0x0001 | 0x0002;
  info: Uint8Array;
}

/** One recipient key, prepared for opening many messages of one suite (RFC 9180 base mode). */
export interface HpkeRecipient {
  open(enc: Uint8Array, ct: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
}

/**
 * The part of a single-shot open that follows the X25519 agreement (RFC 9180 §4.1 Decap after
 * DH, §5.1 key schedule in base mode, §5.2 open), with everything that depends only on the suite
 * and `info` computed once. The recipient computes `dh` with its private key; the discharge proof
 * (./dischargeProof.ts) computes the same `dh` from the sender's ephemeral secret.
 */
export interface HpkeKeySchedule {
  openWithDh(dh: Uint8Array, enc: Uint8Array, pkRm: Uint8Array, ct: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
}

export async function prepareHpkeKeySchedule(suite: HpkeOpenSuite): Promise<HpkeKeySchedule> {
  const subtle = globalThis.crypto.subtle;
  const keyLength = suite.aeadId === aes256GcmId ? 32 : 16;
  const suiteId = concat(encoder.encode('HPKE'), i2osp2(kemId), i2osp2(kdfId), i2osp2(suite.aeadId));
  // §5.1: psk_id_hash and info_hash depend only on the suite and `info`, the same for every message.
  const keyScheduleContext = concat(
    new Uint8Array([modeBase]),
    await labeledExtract(subtle, suiteId, emptyBytes, 'psk_id_hash', emptyBytes),
    await labeledExtract(subtle, suiteId, emptyBytes, 'info_hash', suite.info),
  );
  // WebCrypto's HKDF is Extract then Expand; its IKM below is constant in base mode
  // (default_psk is empty): LabeledExtract(shared_secret, "secret", psk) takes shared_secret as salt.
  const secretIkm = await subtle.importKey('raw', labeledIkm(suiteId, 'secret', emptyBytes), 'HKDF', false, ['deriveBits']);
  const keyInfo = labeledInfo(suiteId, 'key', keyScheduleContext, keyLength);
  const nonceInfo = labeledInfo(suiteId, 'base_nonce', keyScheduleContext, nonceLength);
  // The constant heads of the two labelled inputs of Decap, built once.
  const eaePrkHead = labeledIkm(kemSuiteId, 'eae_prk', emptyBytes);
  const sharedSecretInfoHead = labeledInfo(kemSuiteId, 'shared_secret', emptyBytes, hashLength);

  return {
    async openWithDh(dh, enc, pkRm, ct, aad) {
      // §4.1 Decap: shared_secret = ExtractAndExpand(dh, enc || pkRm) = HKDF(salt "", eae_prk IKM, shared_secret info).
      const dhIkm = await subtle.importKey('raw', concat(eaePrkHead, dh), 'HKDF', false, ['deriveBits']);
      const kemInfo = concat(sharedSecretInfoHead, enc, pkRm);
      const sharedSecret = new Uint8Array(await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: emptyBytes, info: kemInfo }, dhIkm, hashLength * 8));
      // §5.1 KeySchedule, base mode: key and base_nonce, each Expand(Extract(shared_secret, "secret"), …).
      const [key, nonce] = await Promise.all([
        subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: sharedSecret, info: keyInfo }, secretIkm, keyLength * 8),
        subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: sharedSecret, info: nonceInfo }, secretIkm, nonceLength * 8),
      ]);
      sharedSecret.fill(0);
      const aeadKey = await subtle.importKey('raw', key, { name: 'AES-GCM' }, false, ['decrypt']);
      new Uint8Array(key).fill(0);
      // §5.2 single shot: sequence number 0, so the nonce is base_nonce itself.
      return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: new Uint8Array(aad) }, aeadKey, new Uint8Array(ct)));
    },
  };
}

/** An X25519 private key (32 bytes, the HPKE serialisation) as a WebCrypto key for `deriveBits`. */
export async function importX25519PrivateKey(privateKey: Uint8Array): Promise<WebCryptoKey> {
  const pkcs8 = concat(pkcs8X25519Prefix, privateKey);
  try {
    return await globalThis.crypto.subtle.importKey('pkcs8', pkcs8, { name: 'X25519' }, false, ['deriveBits']);
  } finally {
    pkcs8.fill(0);
  }
}

/** X25519(privateKey, publicKey); WebCrypto refuses an all-zero result (RFC 9180 §7.1.4 demands that check). */
export async function x25519(privateKey: WebCryptoKey, publicKey: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const peer = await subtle.importKey('raw', new Uint8Array(publicKey), { name: 'X25519' }, false, []);
  return new Uint8Array(await subtle.deriveBits({ name: 'X25519', public: peer }, privateKey, 256));
}

/**
 * Prepares an X25519 recipient private key (32 bytes, the HPKE serialisation) and its public key.
 * Exported for the tests, which drive it with the RFC's test vector.
 */
export async function prepareHpkeRecipient(privateKey: Uint8Array, publicKey: Uint8Array, suite: HpkeOpenSuite): Promise<HpkeRecipient> {
  const recipientKey = await importX25519PrivateKey(privateKey);
  const pkRm = new Uint8Array(publicKey);
  const schedule = await prepareHpkeKeySchedule(suite);
  return {
    async open(enc, ct, aad) {
      if (enc.length !== 32) throw new SealedOpenError('Not an X25519 encapsulated key');
      const dh = await x25519(recipientKey, enc);
      try {
        return await schedule.openWithDh(dh, enc, pkRm, ct, aad);
      } finally {
        dh.fill(0);
      }
    },
  };
}

/** Opens envelopes sealed to one organisation key; same results and errors as `openSealed`. */
export interface SealedOpener {
  open(envelope: SealedEnvelope | string, aad: Uint8Array | string): Promise<Uint8Array>;
}

export const sealingSuiteParameters: HpkeOpenSuite = { aeadId: aes256GcmId, info: encoder.encode(sealingInfo) };

/**
 * An opener for many envelopes with keys derived once (`deriveOrganizationKeys`). Only the sealing
 * pair and the fingerprint are needed, so a worker can open envelopes without the signing key.
 */
export async function createSealedOpener(keys: Pick<OrganizationKeys, 'sealing' | 'fingerprint'>): Promise<SealedOpener> {
  const recipient = await prepareHpkeRecipient(keys.sealing.privateKey, keys.sealing.publicKey, sealingSuiteParameters);
  const fingerprint = keys.fingerprint;
  return {
    async open(envelope, aad) {
      const parsed = parseSealedEnvelope(envelope);
      const enc = parsed ? fromBase64Url(parsed.enc) : undefined;
      const ct = parsed ? fromBase64Url(parsed.ct) : undefined;
      if (!parsed || !enc || !ct) throw new SealedOpenError('Not a sealed envelope of this version');
      if (parsed.kid !== fingerprint) throw new SealedKeyMismatchError(parsed.kid, fingerprint);
      try {
        return await recipient.open(enc, ct, headerAad(parsed, aad));
      } catch {
        throw new SealedOpenError();
      }
    },
  };
}
