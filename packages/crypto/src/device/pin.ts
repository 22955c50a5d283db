import { decodeBase64Url as fromBase64Url } from '../base64url';
import { passwordHashCost } from '../passwordCost';
import { randomBytes, toBase64Url } from '../random';
import { unwrapKey, wrapKey } from './keyWrap';
import { loadSodium } from '../sodium';

/**
 * Quick unlock with a 6-digit PIN (docs/security.md "Quick unlock with a PIN").
 * Argon2id(PIN, salt) gives 64 bytes: the first half is kept on the device only in memory, the
 * second is the verifier the server checks. The data key is wrapped under SHA-256(first half ‖
 * share), where the share is a random secret only the server holds and hands out for the right
 * verifier (5 wrong ones destroy it). The files of a locked tablet hold salt and wrapped key only:
 * without the server no PIN guess can be checked.
 */
export interface PinWrap {
  salt: string;
  opsLimit: number;
  memLimitBytes: number;
  /** `<iv>.<ct+tag>`: the data key under the PIN-and-share key. */
  wrappedDataKey: string;
}

export interface PinSecrets {
  salt: string;
  /** Sent to the server; base64url of 32 bytes. */
  verifier: string;
  /** Never leaves the device, never stored. */
  wrapPart: Uint8Array;
}

/** The PIN-and-share key does not open the wrapped key (should not happen with the right share). */
export class PinUnwrapError extends Error {
  constructor() {
    super('Die PIN öffnet die Daten dieses Geräts nicht.');
    this.name = 'PinUnwrapError';
  }
}

const pinContext = new TextEncoder().encode('sanidok/device-pin/v1');
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export async function pinSecrets(pin: string, salt?: string, params: { opsLimit: number; memLimitBytes: number } = passwordHashCost()): Promise<PinSecrets> {
  const sodium = await loadSodium();
  const saltBytes = salt ? fromBase64Url(salt) : randomBytes(sodium.crypto_pwhash_SALTBYTES);
  if (!saltBytes) throw new PinUnwrapError();
  const out = sodium.crypto_pwhash(64, pin, saltBytes, params.opsLimit, params.memLimitBytes, sodium.crypto_pwhash_ALG_ARGON2ID13);
  const secrets = { salt: toBase64Url(saltBytes), verifier: toBase64Url(out.slice(32)), wrapPart: out.slice(0, 32) };
  out.fill(0);
  return secrets;
}

async function pinKey(wrapPart: Uint8Array, share: string): Promise<AesKey> {
  const shareBytes = fromBase64Url(share);
  if (shareBytes?.length !== 32) throw new PinUnwrapError();
  const material = new Uint8Array(64);
  material.set(wrapPart, 0);
  material.set(shareBytes, 32);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', material);
  material.fill(0);
  return globalThis.crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function wrapUnderPin(dataKey: Uint8Array, secrets: PinSecrets, share: string, params: { opsLimit: number; memLimitBytes: number } = passwordHashCost()): Promise<PinWrap> {
  const key = await pinKey(secrets.wrapPart, share);
  return { salt: secrets.salt, ...params, wrappedDataKey: await wrapKey(key, dataKey, pinContext) };
}

export async function unwrapUnderPin(wrap: PinWrap, secrets: PinSecrets, share: string): Promise<Uint8Array> {
  const key = await pinKey(secrets.wrapPart, share);
  return unwrapKey(key, wrap.wrappedDataKey, pinContext, () => new PinUnwrapError());
}
