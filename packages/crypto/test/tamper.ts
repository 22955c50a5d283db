import { toBase64Url } from '../src';
import { fromBase64Url } from '../src/orgKeys/payload';

/** The base64url value with one bit flipped at `index`: the smallest possible tampering. */
export function flipBit(value: string, index: number): string {
  const bytes = fromBase64Url(value) ?? new Uint8Array(0);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return toBase64Url(bytes);
}
