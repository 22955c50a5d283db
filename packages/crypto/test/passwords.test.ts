import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../src/passwords';
import { randomReadable, randomToken, sha256Hex } from '../src/random';

describe('passwords', () => {
  it('hashes with Argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('geheim123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'geheim123')).toBe(true);
    expect(await verifyPassword(hash, 'geheim124')).toBe(false);
  });

  it('salts every hash and rejects foreign formats', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
    expect(await verifyPassword('plain', 'plain')).toBe(false);
    expect(await verifyPassword(await decoyPasswordHash(), '')).toBe(false);
  });
});

describe('random', () => {
  it('makes url-safe tokens, stable digests and readable codes', async () => {
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const code = randomReadable(12);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
  });
});
