import { DhkemX25519HkdfSha256 } from '@hpke/core';
import { loadSodium } from '../sodium';
import { randomBytes } from '../random';
import { organizationKeyFingerprint } from './fingerprint';

/** Length of the organisation secret and of every seed derived from it. */
export const organizationSecretLength = 32;

/**
 * HKDF `info` labels. They separate the two key pairs (one secret never feeds two algorithms
 * directly) and carry a version, so a later derivation can coexist with keys made by this one.
 * Changing a label changes every organisation's keys: the fixed vectors in the tests guard them.
 */
export const organizationKeyLabels = {
  x25519: 'sanidok/org-key/x25519/v1',
  ed25519: 'sanidok/org-key/ed25519/v1',
} as const;

export interface OrganizationKeyPair {
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

export interface OrganizationKeys {
  /**
   * X25519 for HPKE (RFC 9180 DHKEM(X25519, HKDF-SHA256)); both keys are 32 bytes in the HPKE
   * serialisation, so `kem.deserializePrivateKey` / `deserializePublicKey` take them as they are.
   */
  sealing: OrganizationKeyPair;
  /** Ed25519: 32-byte public key, 64-byte libsodium secret key (seed followed by public key). */
  signing: OrganizationKeyPair;
  /** {@link organizationKeyFingerprint} of the two public keys. */
  fingerprint: string;
}

/** The KEM the organisation's sealing key belongs to; pure JS (noble), so it runs everywhere. */
export function organizationKem(): DhkemX25519HkdfSha256 {
  return new DhkemX25519HkdfSha256();
}

/** 32 bytes from the platform CSPRNG; created in the owner's browser, never sent anywhere. */
export function generateOrganizationSecret(): Uint8Array {
  return randomBytes(organizationSecretLength);
}

function assertSecret(secret: Uint8Array): void {
  if (secret.length !== organizationSecretLength) {
    throw new RangeError(`Organisation secret must be ${organizationSecretLength} bytes`);
  }
}

/**
 * HKDF-SHA256 (WebCrypto) from the organisation secret to a 32-byte seed for one purpose. The
 * salt is empty (RFC 5869 §3.1 allows it): the secret is already uniformly random, so extraction
 * has nothing to concentrate, and all separation comes from `info`.
 */
export async function deriveOrganizationSeed(
  secret: Uint8Array,
  purpose: keyof typeof organizationKeyLabels,
): Promise<Uint8Array> {
  assertSecret(secret);
  const subtle = globalThis.crypto.subtle;
  // A copy typed as a plain ArrayBuffer view, which is what WebCrypto's BufferSource accepts.
  const ikm = new Uint8Array(secret);
  try {
    const key = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
    const bits = await subtle.deriveBits(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: new Uint8Array(0),
        info: new TextEncoder().encode(organizationKeyLabels[purpose]),
      },
      key,
      organizationSecretLength * 8,
    );
    return new Uint8Array(bits);
  } finally {
    ikm.fill(0);
  }
}

/**
 * Ed25519 key pair from the secret. libsodium's seed key pair is the standard RFC 8032 one, so
 * any Ed25519 verifier accepts its signatures.
 */
export async function deriveSigningKeyPair(secret: Uint8Array): Promise<OrganizationKeyPair> {
  const seed = await deriveOrganizationSeed(secret, 'ed25519');
  try {
    const sodium = await loadSodium();
    const pair = sodium.crypto_sign_seed_keypair(seed);
    return { publicKey: pair.publicKey, privateKey: pair.privateKey };
  } finally {
    seed.fill(0);
  }
}

/**
 * X25519 key pair through HPKE's own DeriveKeyPair (RFC 9180 §7.1.3) on the HKDF seed rather
 * than clamping the seed by hand: the private key is then exactly what the HPKE implementation
 * that seals and opens later expects, and the step is covered by the RFC's test vectors.
 */
export async function deriveSealingKeyPair(secret: Uint8Array): Promise<OrganizationKeyPair> {
  const seed = await deriveOrganizationSeed(secret, 'x25519');
  try {
    const kem = organizationKem();
    const pair = await kem.deriveKeyPair(seed);
    // Copies: the serialised buffers belong to the key objects.
    const publicKey = new Uint8Array(await kem.serializePublicKey(pair.publicKey)).slice();
    const privateKey = new Uint8Array(await kem.serializePrivateKey(pair.privateKey)).slice();
    if (publicKey.length !== kem.publicKeySize || privateKey.length !== kem.privateKeySize) {
      throw new Error('Unexpected X25519 key size from the HPKE implementation');
    }
    return { publicKey, privateKey };
  } finally {
    seed.fill(0);
  }
}

/** Both key pairs and their fingerprint; deterministic, so the typed-in secret restores them. */
export async function deriveOrganizationKeys(secret: Uint8Array): Promise<OrganizationKeys> {
  assertSecret(secret);
  const [sealing, signing] = await Promise.all([
    deriveSealingKeyPair(secret),
    deriveSigningKeyPair(secret),
  ]);
  const fingerprint = organizationKeyFingerprint({
    sealingPublicKey: sealing.publicKey,
    signingPublicKey: signing.publicKey,
  });
  return { sealing, signing, fingerprint };
}
