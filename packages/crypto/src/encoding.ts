/**
 * Two-byte big-endian length, then the bytes, for each part: no two different lists of parts
 * concatenate alike. Used wherever several fields are hashed, signed or bound as additional data
 * (key fingerprint, sealing header, archive proof).
 */
export function lengthPrefixed(parts: readonly (Uint8Array | string)[]): Uint8Array {
  const encoder = new TextEncoder();
  const bytes = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
  const total = bytes.reduce((sum, part) => sum + 2 + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of bytes) {
    if (part.length > 0xffff) throw new RangeError('A length-prefixed part must be shorter than 64 KiB');
    out[offset] = part.length >> 8;
    out[offset + 1] = part.length & 0xff;
    out.set(part, offset + 2);
    offset += 2 + part.length;
  }
  return out;
}
