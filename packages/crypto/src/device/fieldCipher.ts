import { gcm } from '@noble/ciphers/aes.js';
import type sodiumType from 'libsodium-wrappers-sumo';
// The device modules take the codec itself, not orgKeys/payload's alias: that module pulls @hpke
// (its fingerprint's SHA-256) into every chunk that decodes a device envelope.
import { decodeBase64Url as fromBase64Url } from '../base64url';
import { randomBytes, toBase64Url } from '../random';

/**
 * Field encryption of the device database (docs/security.md, "Encryption on the device").
 *
 * Synchronous on purpose: IndexedDB commits a transaction as soon as it has no pending request,
 * so awaiting WebCrypto inside one (a Dexie middleware, a pull page, a local write) would end it
 * half-way. AES-256-GCM therefore runs in audited JavaScript (@noble/ciphers) under the raw data
 * key, which is held in memory only while the app is unlocked (docs/decisions.md).
 *
 * Envelopes are text: `d1.<iv>.<ct+tag>` under the data key, `s1.<sealed box>` sealed to the
 * device's X25519 public key (written while locked, when no data key is in memory).
 */
type Sodium = typeof sodiumType;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const dataEnvelopePrefix = 'd1.';
export const sealedEnvelopePrefix = 's1.';

export function encryptField(dataKey: Uint8Array, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const ct = gcm(dataKey, iv, encoder.encode(context)).encrypt(encoder.encode(plaintext));
  return `${dataEnvelopePrefix}${toBase64Url(iv)}.${toBase64Url(ct)}`;
}

/** Throws on a tampered envelope, another key or another context. */
export function decryptField(dataKey: Uint8Array, envelope: string, context: string): string {
  const [, ivText, ctText] = envelope.split('.');
  const iv = ivText ? fromBase64Url(ivText) : undefined;
  const ct = ctText ? fromBase64Url(ctText) : undefined;
  if (!envelope.startsWith(dataEnvelopePrefix) || !iv || !ct) throw new Error('Unbekanntes Verschlüsselungsformat');
  return decoder.decode(gcm(dataKey, iv, encoder.encode(context)).decrypt(ct));
}

/** Sealed box (X25519 + XSalsa20-Poly1305): anyone with the public key seals, only the secret opens. */
export function sealToPublicKey(sodium: Sodium, publicKey: Uint8Array, plaintext: string): string {
  return `${sealedEnvelopePrefix}${toBase64Url(sodium.crypto_box_seal(plaintext, publicKey))}`;
}

export function openSealedBox(sodium: Sodium, keyPair: { publicKey: Uint8Array; secretKey: Uint8Array }, envelope: string): string {
  const data = envelope.startsWith(sealedEnvelopePrefix) ? fromBase64Url(envelope.slice(sealedEnvelopePrefix.length)) : undefined;
  if (!data) throw new Error('Unbekanntes Verschlüsselungsformat');
  return sodium.crypto_box_seal_open(data, keyPair.publicKey, keyPair.secretKey, 'text');
}

/**
 * `l1~<key sealed to the device>~<d1 envelope under that key>`: many values under one random key
 * that is sealed once to the device's public key (one X25519 operation per batch, not per value).
 * The device writes these while locked (one key per locked period); the server writes them for a
 * pull page (one key per page, docs/security.md "Patient data needs the unlocked device"). Only
 * the device's secret key opens the batch key.
 */
export const batchEnvelopePrefix = 'l1~';

export function batchEnvelope(sealedKey: string, inner: string): string {
  return `${batchEnvelopePrefix}${sealedKey}~${inner}`;
}

/** The sealed batch key and the inner `d1.` envelope; undefined for any other format. */
export function splitBatchEnvelope(envelope: string): { sealedKey: string; inner: string } | undefined {
  if (!envelope.startsWith(batchEnvelopePrefix)) return undefined;
  const [, sealedKey = '', inner = ''] = envelope.split('~');
  return sealedKey && inner ? { sealedKey, inner } : undefined;
}
