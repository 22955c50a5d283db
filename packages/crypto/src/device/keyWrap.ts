import { decodeBase64Url as fromBase64Url } from '../base64url';
import { randomBytes, toBase64Url } from '../random';

/**
 * The one format of a wrapped device data key, `<iv>.<ciphertext+tag>` (AES-256-GCM, fresh 96-bit
 * IV, the wrap's purpose as additional data), shared by the password, PIN and device-lock copies
 * (./keyring.ts, ./pin.ts, ./prf.ts). `refused` names the caller's error when the key does not open it.
 */
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export async function wrapKey(key: AesKey, secret: Uint8Array, context: Uint8Array): Promise<string> {
  const iv = randomBytes(12) as Uint8Array<ArrayBuffer>;
  const ct = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: context as Uint8Array<ArrayBuffer> }, key, secret as Uint8Array<ArrayBuffer>);
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ct))}`;
}

export async function unwrapKey(key: AesKey, wrapped: string, context: Uint8Array, refused: () => Error): Promise<Uint8Array> {
  const [ivText, ctText] = wrapped.split('.');
  const iv = ivText ? fromBase64Url(ivText) : undefined;
  const ct = ctText ? fromBase64Url(ctText) : undefined;
  if (!iv || !ct) throw refused();
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer>, additionalData: context as Uint8Array<ArrayBuffer> }, key, ct as Uint8Array<ArrayBuffer>,
    );
    return new Uint8Array(plain);
  } catch {
    throw refused();
  }
}
