import { sha256 } from '@hpke/common';
import { organizationSecretLength } from './derive';

/**
 * Text form of the organisation secret, shown once to the owner (copy, printed sheet) and typed
 * back into the archive screen:
 *
 *   SANI1-XXXXX-XXXXX-…-XXX
 *
 * `SANI1` names the format and its version. The body is Crockford base32 of the 32-byte secret
 * followed by a 4-byte checksum (first 4 bytes of SHA-256 over "SANI1" and the secret): 36 bytes,
 * 58 characters, the last one carrying 2 zero padding bits, in groups of five.
 */
export const organizationSecretPrefix = 'SANI1';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const checksumLength = 4;
const payloadLength = organizationSecretLength + checksumLength;
const bodyLength = Math.ceil((payloadLength * 8) / 5);
const groupLength = 5;
// Long enough for any layout of a real key (blanks, line breaks); bounds the work on pasted junk.
const maxInputLength = 400;

export type ParsedOrganizationSecret =
  | { ok: true; secret: Uint8Array }
  /**
   * 'format': not shaped like a key (no SANI1 prefix, a character outside the alphabet, too
   * short or too long). 'checksum': shaped like a key but does not add up: a character was
   * mistyped, as opposed to a well-formed key that merely opens nothing.
   */
  | { ok: false; reason: 'format' | 'checksum' };

function checksum(secret: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(organizationSecretPrefix);
  const input = new Uint8Array(prefix.length + secret.length);
  input.set(prefix);
  input.set(secret, prefix.length);
  const digest = sha256(input).slice(0, checksumLength);
  input.fill(0);
  return digest;
}

function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += alphabet.charAt((buffer >> bits) & 31);
    }
  }
  if (bits > 0) out += alphabet.charAt((buffer << (5 - bits)) & 31);
  return out;
}

/** Decodes `bodyLength` symbols (values 0–31); undefined when the padding bits are not zero. */
function decodeBase32(values: readonly number[]): Uint8Array | undefined {
  const out = new Uint8Array(payloadLength);
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const value of values) {
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  // Non-zero padding would let two spellings decode alike, hiding a typo in the last character.
  return (buffer & ((1 << bits) - 1)) === 0 ? out : undefined;
}

/** `SANI1-` and the body in groups of five, upper case. */
export function encodeOrganizationSecret(secret: Uint8Array): string {
  if (secret.length !== organizationSecretLength) {
    throw new RangeError(`Organisation secret must be ${organizationSecretLength} bytes`);
  }
  const payload = new Uint8Array(payloadLength);
  payload.set(secret);
  payload.set(checksum(secret), organizationSecretLength);
  const body = encodeBase32(payload);
  payload.fill(0);
  const groups = body.match(new RegExp(`.{1,${groupLength}}`, 'g')) ?? [];
  return [organizationSecretPrefix, ...groups].join('-');
}

// Crockford's reading rules: letters that look like digits are those digits.
const lookAlikes: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/**
 * Forgiving parser for what the owner types or pastes: case does not matter, blanks, line breaks
 * and dashes (also typographic ones from PDFs or word processors) are ignored, and O/I/L read as
 * 0/1. Every single substitution of one character is reported (see {@link ParsedOrganizationSecret}).
 */
export function parseOrganizationSecret(text: string): ParsedOrganizationSecret {
  if (text.length > maxInputLength) return { ok: false, reason: 'format' };
  const compact = text.toUpperCase().replace(/[\s\u2010-\u2015\u2212-]+/g, '');
  if (!compact.startsWith(organizationSecretPrefix)) return { ok: false, reason: 'format' };
  const body = compact.slice(organizationSecretPrefix.length);
  if (body.length !== bodyLength) return { ok: false, reason: 'format' };

  const values: number[] = [];
  for (const char of body) {
    const value = alphabet.indexOf(lookAlikes[char] ?? char);
    if (value < 0) return { ok: false, reason: 'format' };
    values.push(value);
  }
  const payload = decodeBase32(values);
  if (!payload) return { ok: false, reason: 'checksum' };

  const secret = payload.slice(0, organizationSecretLength);
  const expected = checksum(secret);
  const given = payload.subarray(organizationSecretLength);
  let difference = 0;
  for (let i = 0; i < checksumLength; i++) difference |= (expected[i] ?? 0) ^ (given[i] ?? 0);
  payload.fill(0);
  if (difference !== 0) {
    secret.fill(0);
    return { ok: false, reason: 'checksum' };
  }
  return { ok: true, secret };
}
