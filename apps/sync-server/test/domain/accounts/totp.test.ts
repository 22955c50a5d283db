import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, recoveryCodeDigest, totpStepOf, totpUri } from '../../../src/domain/accounts/totp';

/**
 * RFC 6238 Appendix B: the reference secrets (ASCII "1234567890" repeated to the hash's length)
 * and the 8-digit codes at each time. The library must produce every one; our own check
 * (totpStepOf, 6 digits = the last 6 of the 8) must accept the SHA-1 ones at their time.
 */
const secrets = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;

const vectors: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

const base32Of = (ascii: string) => Secret.fromLatin1(ascii).base32;

describe('TOTP against the RFC 6238 test vectors', () => {
  it.each(vectors)('at T = %i s: SHA-1 %s, SHA-256 %s, SHA-512 %s', (seconds, sha1, sha256, sha512) => {
    const timestamp = seconds * 1000;
    for (const [algorithm, expected] of [['SHA1', sha1], ['SHA256', sha256], ['SHA512', sha512]] as const) {
      const secret = Secret.fromLatin1(secrets[algorithm]);
      expect(TOTP.generate({ secret, algorithm, digits: 8, period: 30, timestamp })).toBe(expected);
    }
    // Our check: 6 digits (RFC 4226 truncation mod 10^6), SHA-1, 30 s; the step is T / 30.
    expect(totpStepOf(base32Of(secrets.SHA1), sha1.slice(2), timestamp)).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step of clock drift either side and nothing further', () => {
    const secret = base32Of(secrets.SHA1);
    const at = 1111111109 * 1000;
    const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: ms });
    expect(totpStepOf(secret, codeAt(at - 30_000), at)).toBe(Math.floor(at / 30_000) - 1);
    expect(totpStepOf(secret, codeAt(at + 30_000), at)).toBe(Math.floor(at / 30_000) + 1);
    expect(totpStepOf(secret, codeAt(at - 60_000), at)).toBeNull();
    expect(totpStepOf(secret, codeAt(at + 60_000), at)).toBeNull();
    const wrong = String((Number(codeAt(at)) + 1) % 1_000_000).padStart(6, '0');
    expect(totpStepOf(secret, wrong, at)).toBeNull();
  });
});

describe('secrets and recovery codes', () => {
  it('makes 160-bit secrets and an otpauth URI naming SaniDok and the user', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'olga');
    expect(uri).toMatch(/^otpauth:\/\/totp\/SaniDok:olga\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=SaniDok');
  });

  it('makes ten distinct recovery codes without look-alike letters, digests bound to the user and the key', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const code = codes[0] ?? '';
    const digest = recoveryCodeDigest('key-a', 7, code);
    expect(recoveryCodeDigest('key-a', 7, code.toLowerCase().replace('-', ' '))).toBe(digest);
    expect(recoveryCodeDigest('key-a', 8, code)).not.toBe(digest);
    expect(recoveryCodeDigest('key-b', 7, code)).not.toBe(digest);
  });
});
