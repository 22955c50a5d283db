import type { ArchiveChallenge } from '@sanidok/schema';
import { archiveNonceBytes } from '@sanidok/schema';
import { lengthPrefixed } from './encoding';
import { fromBase64Url } from './orgKeys/payload';
import { signChallenge, verifyChallengeSignature } from './orgKeys/signing';
import { randomBytes, toBase64Url } from './random';

/**
 * Proof of key possession at the archive (docs/security.md, "Archive proof"): the owner's browser
 * signs the server's challenge with the Ed25519 key derived from the organisation secret; the
 * server verifies with the organisation's signing public key. What is signed is
 * domain-separated and names organisation, service, challenge id and nonce, so a signature is
 * good for exactly one challenge of one service and useless for anything else the key signs.
 */
export const archiveProofLabel = 'sanidok/archive-proof/v1';

export type ArchiveProofChallenge = Pick<ArchiveChallenge, 'organizationId' | 'serviceId' | 'challengeId' | 'nonce'>;

/** A fresh nonce for a challenge: {@link archiveNonceBytes} bytes (256 bits), base64url. */
export function createArchiveNonce(): string {
  return toBase64Url(randomBytes(archiveNonceBytes));
}

/**
 * The signed bytes: length-prefixed label, organisation id, service id, challenge id and the raw
 * nonce. Throws a RangeError for a nonce that is not base64url of {@link archiveNonceBytes} bytes.
 */
export function archiveProofMessage(challenge: ArchiveProofChallenge): Uint8Array {
  const nonce = fromBase64Url(challenge.nonce);
  if (nonce?.length !== archiveNonceBytes) throw new RangeError('Archive challenge nonce must be 32 bytes of base64url');
  return lengthPrefixed([archiveProofLabel, String(challenge.organizationId), challenge.serviceId, challenge.challengeId, nonce]);
}

/** The browser's answer: base64url Ed25519 signature, from the secret the owner typed in. */
export async function signArchiveProof(secretOrSigningKey: Uint8Array, challenge: ArchiveProofChallenge): Promise<string> {
  return toBase64Url(await signChallenge(secretOrSigningKey, archiveProofMessage(challenge)));
}

/** The server's check against a signing public key (base64url). Never throws: false for any bad input. */
export async function verifyArchiveProof(signingPublicKey: string, challenge: ArchiveProofChallenge, signature: string): Promise<boolean> {
  const publicKey = fromBase64Url(signingPublicKey);
  const signatureBytes = fromBase64Url(signature);
  if (!publicKey || !signatureBytes) return false;
  let message: Uint8Array;
  try {
    message = archiveProofMessage(challenge);
  } catch {
    return false;
  }
  return verifyChallengeSignature(publicKey, message, signatureBytes);
}
