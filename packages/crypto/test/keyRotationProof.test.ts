import { describe, expect, it } from 'vitest';
import {
  deriveOrganizationKeys,
  generateOrganizationSecret,
  keyRotationMessage,
  publicKeysToBase64Url,
  signArchiveProof,
  signKeyRotation,
  verifyArchiveProof,
  verifyKeyRotation,
} from '../src';

const nonce = 'bm9uY2Utb2YtYS1jaGFsbGVuZ2UtMzItYnl0ZXMtbG9uZw';

async function keySet() {
  const secret = generateOrganizationSecret();
  return { secret, payload: publicKeysToBase64Url(await deriveOrganizationKeys(secret)) };
}

describe('key rotation proof (Ed25519 by the current key over the new public keys)', () => {
  it('verifies a rotation signed with the current secret', async () => {
    const current = await keySet();
    const next = await keySet();
    const signature = await signKeyRotation(current.secret, 7, nonce, next.payload);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(await verifyKeyRotation(current.payload.signingPublicKey, 7, nonce, next.payload, signature)).toBe(true);
  });

  it('refuses a signature by any other key, e.g. the new key vouching for itself', async () => {
    const current = await keySet();
    const next = await keySet();
    const selfSigned = await signKeyRotation(next.secret, 7, nonce, next.payload);
    expect(await verifyKeyRotation(current.payload.signingPublicKey, 7, nonce, next.payload, selfSigned)).toBe(false);
  });

  it('binds the challenge nonce: the same message under another nonce (a replay) fails', async () => {
    const current = await keySet();
    const next = await keySet();
    const signature = await signKeyRotation(current.secret, 7, nonce, next.payload);
    expect(await verifyKeyRotation(current.payload.signingPublicKey, 7, `${nonce}x`, next.payload, signature)).toBe(false);
  });

  it('binds organisation and every new key: a signature moved to other keys or another organisation fails', async () => {
    const current = await keySet();
    const next = await keySet();
    const other = await keySet();
    const signature = await signKeyRotation(current.secret, 7, nonce, next.payload);
    const { signingPublicKey } = current.payload;
    expect(await verifyKeyRotation(signingPublicKey, 8, nonce, next.payload, signature)).toBe(false);
    expect(await verifyKeyRotation(signingPublicKey, 7, nonce, { ...next.payload, sealingPublicKey: other.payload.sealingPublicKey }, signature)).toBe(false);
    expect(await verifyKeyRotation(signingPublicKey, 7, nonce, { ...next.payload, signingPublicKey: other.payload.signingPublicKey }, signature)).toBe(false);
    expect(await verifyKeyRotation(signingPublicKey, 7, nonce, { ...next.payload, keyFingerprint: other.payload.keyFingerprint }, signature)).toBe(false);
  });

  it('is domain-separated from the archive proof', async () => {
    const current = await keySet();
    const next = await keySet();
    const rotation = await signKeyRotation(current.secret, 7, nonce, next.payload);
    const challenge = { organizationId: 7, serviceId: next.payload.sealingPublicKey, challengeId: next.payload.signingPublicKey, nonce: 'A'.repeat(43) };
    expect(await verifyArchiveProof(current.payload.signingPublicKey, challenge, rotation)).toBe(false);
    const archive = await signArchiveProof(current.secret, challenge);
    expect(await verifyKeyRotation(current.payload.signingPublicKey, 7, nonce, next.payload, archive)).toBe(false);
    expect(keyRotationMessage(7, nonce, next.payload)[1]).toBe('sanidok/key-rotation/v2'.length);
  });

  it('answers false, never throws, for malformed input', async () => {
    const current = await keySet();
    const next = await keySet();
    for (const [key, signature] of [['', ''], ['not base64!', 'x'], [current.payload.signingPublicKey, 'A'.repeat(86)], ['AAAA', 'AAAA']] as const) {
      expect(await verifyKeyRotation(key, 7, nonce, next.payload, signature)).toBe(false);
    }
  });
});
