import { dataEnvelopePrefix, toBase64Url } from '@sanidok/crypto/device';
import type { DeviceCrypto } from './deviceCrypto';
import type { Row } from './rowCipher';
import { contextOf, markNamed, remember, splitSecrets } from './rowCipher';
import type { SecretTable } from './secretFields';

const encoder = new TextEncoder();
const ivLength = 12;
/** getRandomValues fills at most 65,536 bytes per call. */
const maxRandomBytes = 65_536;

/**
 * A fresh random 96-bit IV per row, drawn for the whole page at once: each IV is its own slice of
 * the CSPRNG's output (never shared, never derived), and one call instead of one per row saves
 * its fixed cost (~7 µs each in Node) a thousand times per page.
 */
function randomIvs(count: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(count * ivLength);
  for (let offset = 0; offset < bytes.length; offset += maxRandomBytes) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, offset + maxRandomBytes));
  }
  return bytes;
}

/**
 * Encrypts rows BEFORE the transaction that stores them (the reconnect drill): a pull
 * page of 1,000 rows costs ~0.1 ms each in the synchronous JavaScript AES-GCM the middleware must
 * use inside a transaction (./rowCipher.ts), all of it on the main thread. WebCrypto runs the same
 * AES-256-GCM off the main thread but is asynchronous, so it can only run before the transaction
 * opens. The envelope is the middleware's (`d1.<iv>.<ct+tag>`, same key, same additional data), so
 * the middleware stores these rows as they are (no secret field left in clear) and opens them as
 * any other.
 *
 * Only while unlocked and only rows without an envelope (pulled rows): anything else is returned
 * unchanged and the middleware seals it at write time, as before. A lock while the encryption runs
 * leaves ciphertext under the data key (as safe at rest as any row) and nothing in the plaintext
 * cache.
 */
export async function presealRows<T>(crypto: DeviceCrypto, table: SecretTable, rows: readonly T[]): Promise<T[]> {
  const keys = crypto.unlocked;
  const key = table === 'outbox' ? null : crypto.webDataKey();
  if (!keys || !key || rows.length === 0) return [...rows];
  const webKey = await key;
  const ivs = randomIvs(rows.length);
  const sealed = await Promise.all(rows.map(async (value, index) => {
    if (!value || typeof value !== 'object' || (value as Row).enc !== undefined) return { value };
    const { secret, rest, changed } = splitSecrets(table, value as Row);
    if (!changed) return { value };
    const iv = ivs.subarray(index * ivLength, (index + 1) * ivLength);
    const data = encoder.encode(JSON.stringify(secret));
    const additionalData = encoder.encode(contextOf(table, value as Row));
    const ciphertext = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, webKey, data));
    rest.enc = `${dataEnvelopePrefix}${toBase64Url(iv)}.${toBase64Url(ciphertext)}`;
    markNamed(table, rest, secret);
    return { value: rest as T, secret };
  }));
  // What was just written is read back soon (purge, re-apply, the screen): cached as the
  // middleware does, but only while the very keys that encrypted it are still in.
  const stillUnlocked = crypto.unlocked === keys;
  return sealed.map(({ value, secret }) => {
    const envelope = (value as Row).enc;
    if (stillUnlocked && secret && typeof envelope === 'string') remember(crypto, envelope, secret);
    return value;
  });
}
