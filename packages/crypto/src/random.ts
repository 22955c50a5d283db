import { encodeBase64Url } from './base64url';

/** Random bytes from the platform's CSPRNG (WebCrypto, in Node and browsers alike). */
export function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** base64url without padding (./base64url.ts). */
export const toBase64Url = encodeBase64Url;

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** URL-safe random token carrying `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return toBase64Url(randomBytes(bytes));
}

/** SHA-256 of a UTF-8 string, hex encoded: session tokens are stored only as this digest. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** The letters of `randomReadable`: no look-alikes (0/O, 1/I); 32 of them, so a byte maps without bias. */
export const readableAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Human-typable random string without look-alike characters (no 0/O, 1/I). Rejection sampling
 * keeps every character equally likely.
 */
export function randomReadable(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 256 - (256 % readableAlphabet.length) && out.length < length) {
        out += readableAlphabet.charAt(byte % readableAlphabet.length);
      }
    }
  }
  return out;
}
