/**
 * base64url without padding (RFC 4648 §5) by lookup tables: every device envelope goes through
 * here (docs/benchmarks.md, parts 12 and 16). The byte-wise `String.fromCharCode` + `btoa` + three
 * regex replacements before took ~0.3 s of main thread per reconnect drill; this encodes about 5×
 * and decodes about 2× as fast (strictness by the table, no re-encoding to compare).
 */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const codes = Uint8Array.from(alphabet, (c) => c.charCodeAt(0));
const values = new Int16Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i += 1) values[alphabet.charCodeAt(i)] = i;
/** The characters are written as bytes and turned into a string at once (5× the concatenation). */
const ascii = new TextDecoder('latin1');
const code = (index: number) => codes[index] ?? 0;

export function encodeBase64Url(bytes: Uint8Array): string {
  const whole = bytes.length - (bytes.length % 3);
  const rest = bytes.length - whole;
  const out = new Uint8Array((whole / 3) * 4 + (rest === 0 ? 0 : rest + 1));
  let at = 0;
  for (let i = 0; i < whole; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out[at++] = code(n >>> 18);
    out[at++] = code((n >>> 12) & 63);
    out[at++] = code((n >>> 6) & 63);
    out[at++] = code(n & 63);
  }
  if (rest === 1) {
    const b = bytes[whole] ?? 0;
    out[at++] = code(b >> 2);
    out[at] = code((b & 3) << 4);
  } else if (rest === 2) {
    const n = ((bytes[whole] ?? 0) << 8) | (bytes[whole + 1] ?? 0);
    out[at++] = code(n >> 10);
    out[at++] = code((n >> 4) & 63);
    out[at] = code((n & 15) << 2);
  }
  return ascii.decode(out);
}

/**
 * Strict: anything but the alphabet, a length that no byte count gives, or a last character with
 * stray low bits is `undefined` — one value has exactly one accepted spelling.
 */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  const rest = text.length % 4;
  if (rest === 1) return undefined;
  const bytes = new Uint8Array(((text.length - rest) / 4) * 3 + (rest === 0 ? 0 : rest - 1));
  let at = 0;
  let i = 0;
  const next = () => {
    const code = text.charCodeAt(i++);
    return code < 128 ? (values[code] ?? -1) : -1;
  };
  for (const whole = text.length - rest; i < whole;) {
    const [a, b, c, d] = [next(), next(), next(), next()];
    if ((a | b | c | d) < 0) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[at++] = n >>> 16;
    bytes[at++] = (n >>> 8) & 255;
    bytes[at++] = n & 255;
  }
  if (rest === 2) {
    const [a, b] = [next(), next()];
    if ((a | b) < 0 || (b & 15) !== 0) return undefined;
    bytes[at] = (a << 2) | (b >> 4);
  } else if (rest === 3) {
    const [a, b, c] = [next(), next(), next()];
    if ((a | b | c) < 0 || (c & 3) !== 0) return undefined;
    const n = (a << 10) | (b << 4) | (c >> 2);
    bytes[at++] = n >>> 8;
    bytes[at] = n & 255;
  }
  return bytes;
}
