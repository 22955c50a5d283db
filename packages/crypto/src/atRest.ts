import { fromBase64Url } from './orgKeys/payload';
import { randomBytes, toBase64Url } from './random';

/**
 * AES-256-GCM for data the server keeps at rest (patient names of minor treatments, patient data
 * of active protocols, SMTP passwords), keyed by the server's DATA_KEY. The envelope is text:
 * `v1.<iv>.<ciphertext+tag>` in base64url. `context` is bound as additional data, so a value
 * copied into another column or row does not decrypt.
 */
const prefix = 'v1';
// Typed through the global, so the file compiles with DOM types (PWA) and Node's (server) alike.
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
const keys = new Map<string, Promise<AesKey>>();

function importKey(dataKey: string): Promise<AesKey> {
  let key = keys.get(dataKey);
  if (!key) {
    const raw = fromBase64Url(dataKey);
    if (!raw || raw.length !== 32) throw new Error('DATA_KEY muss 32 Byte lang sein');
    key = globalThis.crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(dataKey, key);
  }
  return key;
}

const encoder = new TextEncoder();

export async function encryptAtRest(dataKey: string, plaintext: string, context: string): Promise<string> {
  const iv = randomBytes(12) as Uint8Array<ArrayBuffer>;
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    await importKey(dataKey),
    encoder.encode(plaintext),
  );
  return `${prefix}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** Throws when the envelope was tampered with, or belongs to another key or context. */
export async function decryptAtRest(dataKey: string, envelope: string, context: string): Promise<string> {
  const [version, ivText, dataText] = envelope.split('.');
  const iv = ivText ? fromBase64Url(ivText) : undefined;
  const data = dataText ? fromBase64Url(dataText) : undefined;
  if (version !== prefix || !iv || !data) throw new Error('Unbekanntes Verschlüsselungsformat');
  const plaintext = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer>, additionalData: encoder.encode(context) },
    await importKey(dataKey),
    data as Uint8Array<ArrayBuffer>,
  );
  return new TextDecoder().decode(plaintext);
}
