import { randomBytes } from '../random';
import { unwrapKey, wrapKey } from './keyWrap';

/**
 * Quick unlock through the platform authenticator (docs/security.md "Quick unlock with
 * the device lock"): WebAuthn's PRF extension returns 32 bytes that the authenticator computes
 * from a secret it never releases, the credential and the salt we pass, and only after user
 * verification (fingerprint, face, device PIN). The data key is wrapped with AES-256-GCM under
 * HKDF-SHA-256(PRF output, info 'sanidok-device-prf-v1'). The files of a locked tablet hold the
 * credential id, the salt and the wrapped key: without the authenticator they open nothing.
 */
export interface PrfWrap {
  /** base64url of the WebAuthn credential id (raw id). */
  credentialId: string;
  /** base64url of the 32-byte PRF input (`eval.first`), random per enrolment. */
  salt: string;
  /** `<iv>.<ct+tag>`: the data key under the PRF key. */
  wrappedDataKey: string;
}

/** The authenticator's answer does not open the wrapped key (another credential, or tampered files). */
export class PrfUnwrapError extends Error {
  constructor() {
    super('Die Gerätesperre öffnet die Daten dieses Geräts nicht.');
    this.name = 'PrfUnwrapError';
  }
}

const hkdfInfo = new TextEncoder().encode('sanidok-device-prf-v1');
const wrapContext = new TextEncoder().encode('sanidok/device-prf/v1');
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export function newPrfSalt(): Uint8Array {
  return randomBytes(32);
}

async function prfKey(prfOutput: Uint8Array): Promise<AesKey> {
  if (prfOutput.length < 32) throw new PrfUnwrapError();
  const subtle = globalThis.crypto.subtle;
  const material = await subtle.importKey('raw', prfOutput as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveKey']);
  // Non-extractable: the derived key is used for this one wrap or unwrap and then dropped.
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: hkdfInfo },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function wrapUnderPrf(dataKey: Uint8Array, prfOutput: Uint8Array, credentialId: string, salt: string): Promise<PrfWrap> {
  const key = await prfKey(prfOutput);
  return { credentialId, salt, wrappedDataKey: await wrapKey(key, dataKey, wrapContext) };
}

export async function unwrapUnderPrf(wrap: PrfWrap, prfOutput: Uint8Array): Promise<Uint8Array> {
  const key = await prfKey(prfOutput);
  return unwrapKey(key, wrap.wrappedDataKey, wrapContext, () => new PrfUnwrapError());
}
