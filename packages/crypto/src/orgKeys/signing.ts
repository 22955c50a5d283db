import { loadSodium } from '../sodium';
import { deriveSigningKeyPair, organizationSecretLength } from './derive';

/** libsodium's Ed25519 secret key: the 32-byte seed followed by the 32-byte public key. */
const ed25519SecretKeyLength = 64;
const ed25519SignatureLength = 64;
const ed25519PublicKeyLength = 32;

/**
 * Ed25519 detached signature (RFC 8032, deterministic) over `message`, e.g. a server challenge
 * for the archive proof. Takes either the 32-byte organisation secret (the archive screen has
 * only what the owner typed in) or the 64-byte `signing.privateKey` from
 * `deriveOrganizationKeys`; the lengths differ, so the two cannot be confused.
 */
export async function signChallenge(secretOrSigningKey: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const sodium = await loadSodium();
  if (secretOrSigningKey.length === ed25519SecretKeyLength) {
    return sodium.crypto_sign_detached(message, secretOrSigningKey);
  }
  if (secretOrSigningKey.length !== organizationSecretLength) {
    throw new RangeError('Expected the 32-byte organisation secret or a 64-byte Ed25519 secret key');
  }
  const pair = await deriveSigningKeyPair(secretOrSigningKey);
  try {
    return sodium.crypto_sign_detached(message, pair.privateKey);
  } finally {
    // The derived secret key is needed only for this one signature.
    sodium.memzero(pair.privateKey);
  }
}

/**
 * True only for a valid signature by `signingPublicKey`; malformed inputs give false instead of
 * throwing, so the server's failed-proof counting has one path for every kind of wrong answer.
 */
export async function verifyChallengeSignature(
  signingPublicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (signingPublicKey.length !== ed25519PublicKeyLength || signature.length !== ed25519SignatureLength) {
    return false;
  }
  const sodium = await loadSodium();
  try {
    return sodium.crypto_sign_verify_detached(signature, message, signingPublicKey);
  } catch {
    return false;
  }
}
