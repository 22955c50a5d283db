/**
 * UUIDv7 (RFC 9562 §5.7): 48-bit Unix milliseconds, version 7, 74 random bits, variant 10.
 * Ids made on the device sort roughly by creation time, which keeps IndexedDB and SQLite indexes
 * compact; uniqueness comes from the random bits, never from the (possibly wrong) device clock.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  // Split the timestamp: bitwise operators in JavaScript are 32-bit, so the upper 16 bits go first.
  const high = Math.floor(now / 2 ** 32);
  const low = now >>> 0;
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = (low >>> 24) & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
