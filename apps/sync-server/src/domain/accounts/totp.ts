import { createHmac, randomBytes } from 'node:crypto';
import { recoveryCodeCount, totpDigits } from '@sanidok/schema';
import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 time-based one-time passwords through `otpauth` (maintained; checked against the RFC's
 * test vectors in test/domain/accounts/totp.test.ts). SHA-1, 6 digits, 30 s: what every
 * authenticator app reads from the QR code. One step either side is accepted for clock drift.
 */
export const totpPeriodSeconds = 30;
const issuer = 'SaniDok';

function totpOf(secretBase32: string, label = issuer): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: totpDigits, period: totpPeriodSeconds, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI of the QR code: issuer and the username, so the app shows whose code it is. */
export function totpUri(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/**
 * The time step of `code` if it is valid now (±1 step), else null. The caller refuses a step not
 * later than the last one used, so a code seen over a shoulder or in a log does not work twice.
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: totpPeriodSeconds, timestamp: now }) + delta;
}

// Crockford's base32: no I, L, O, U, so a code read aloud or from paper is not mistyped.
const recoveryAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Ten recovery codes `XXXXX-XXXXX` (50 bits each); shown once, stored only as digests. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = [...randomBytes(10)].map((byte) => recoveryAlphabet.charAt(byte % 32)).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * The stored form of a recovery code: HMAC-SHA-256 under DATA_KEY, bound to the user. A copy of
 * the database alone does not allow an offline search of the 50-bit codes.
 */
export function recoveryCodeDigest(dataKey: string, userId: number, code: string): string {
  const normalized = code.replace(/[\s-]/g, '').toUpperCase();
  return createHmac('sha256', dataKey).update(`recovery:${String(userId)}:${normalized}`).digest('hex');
}
