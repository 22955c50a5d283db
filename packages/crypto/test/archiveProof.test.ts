import { describe, expect, it } from 'vitest';
import {
  archiveProofMessage,
  createArchiveNonce,
  deriveOrganizationKeys,
  generateOrganizationSecret,
  publicKeysToBase64Url,
  signArchiveProof,
  signChallenge,
  toBase64Url,
  verifyArchiveProof,
} from '../src';
import { fromBase64Url } from '../src/orgKeys/payload';

const challenge = { organizationId: 4, serviceId: '0190a1b2-0000-7000-8000-000000000001', challengeId: 'c-1', nonce: createArchiveNonce() };

describe('archive proof (Ed25519 over a domain-separated challenge)', () => {
  it('makes 256-bit nonces, fresh each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createArchiveNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(fromBase64Url(nonce)).toHaveLength(32);
  });

  it('signs with the secret the owner typed and verifies with the organisation signing key', async () => {
    const secret = generateOrganizationSecret();
    const keys = await deriveOrganizationKeys(secret);
    const { signingPublicKey } = publicKeysToBase64Url(keys);
    const signature = await signArchiveProof(secret, challenge);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(await verifyArchiveProof(signingPublicKey, challenge, signature)).toBe(true);
    // The same with the derived key: one key, two entry points.
    expect(await signArchiveProof(keys.signing.privateKey, challenge)).toBe(signature);
  });

  it('is good for exactly one challenge of one service of one organisation', async () => {
    const secret = generateOrganizationSecret();
    const { signingPublicKey } = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
    const signature = await signArchiveProof(secret, challenge);
    for (const other of [
      { ...challenge, organizationId: 5 },
      { ...challenge, serviceId: '0190a1b2-0000-7000-8000-000000000002' },
      { ...challenge, challengeId: 'c-2' },
      { ...challenge, nonce: createArchiveNonce() },
    ]) {
      expect(await verifyArchiveProof(signingPublicKey, other, signature)).toBe(false);
    }
  });

  it('is domain-separated: a bare signature over the nonce is no proof', async () => {
    const secret = generateOrganizationSecret();
    const { signingPublicKey } = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
    const bare = toBase64Url(await signChallenge(secret, fromBase64Url(challenge.nonce) ?? new Uint8Array()));
    expect(await verifyArchiveProof(signingPublicKey, challenge, bare)).toBe(false);
    expect(new TextDecoder().decode(archiveProofMessage(challenge))).toContain('sanidok/archive-proof/v1');
  });

  it('answers false, never throws, for wrong keys and malformed input', async () => {
    const secret = generateOrganizationSecret();
    const mine = publicKeysToBase64Url(await deriveOrganizationKeys(secret)).signingPublicKey;
    const theirs = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret())).signingPublicKey;
    const signature = await signArchiveProof(secret, challenge);
    expect(await verifyArchiveProof(theirs, challenge, signature)).toBe(false);
    expect(await verifyArchiveProof(mine, challenge, 'A'.repeat(86))).toBe(false);
    expect(await verifyArchiveProof(mine, challenge, 'kein base64!')).toBe(false);
    expect(await verifyArchiveProof('kurz', challenge, signature)).toBe(false);
    expect(await verifyArchiveProof(mine, { ...challenge, nonce: 'AAAA' }, signature)).toBe(false);
    expect(() => archiveProofMessage({ ...challenge, nonce: 'AAAA' })).toThrow(RangeError);
  });
});
