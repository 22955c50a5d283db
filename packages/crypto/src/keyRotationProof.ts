import type { OrganizationPublicKeyPayload } from './orgKeys/payload';
import { lengthPrefixed } from './encoding';
import { fromBase64Url } from './orgKeys/payload';
import { signChallenge, verifyChallengeSignature } from './orgKeys/signing';
import { toBase64Url } from './random';

/**
 * Proof that a key rotation comes from whoever holds the organisation's current key
 * (docs/security.md, "Key rotation"): the owner's browser signs the new public keys with the
 * Ed25519 key derived from the secret the owner types in, and the server accepts the new key only
 * with a valid signature by the current signing key — never a retired one: a key retired because it
 * leaked must not choose its successor (docs/decisions.md "Proofs a platform admin cannot forge").
 * A platform admin who takes over the owner's account gets the session and the password, never the
 * secret, so cannot make devices seal to a key of their own.
 *
 * The message carries the nonce of a server challenge (single use, 5 minutes): a rotation message
 * seen once (a log, a proxy, a shoulder) cannot be sent again, later or to undo a later rotation.
 *
 * Domain-separated from the archive proof (archiveProof.ts): a signature here names the
 * organisation and the new keys, and is useless as an answer to an archive challenge.
 */
export const keyRotationLabel = 'sanidok/key-rotation/v2';

export type RotatedKeys = Pick<OrganizationPublicKeyPayload, 'sealingPublicKey' | 'signingPublicKey' | 'keyFingerprint'>;

/** The signed bytes: label, organisation id, the challenge's nonce and the new keys' text forms (the API's spelling). */
export function keyRotationMessage(organizationId: number, nonce: string, keys: RotatedKeys): Uint8Array {
  return lengthPrefixed([keyRotationLabel, String(organizationId), nonce, keys.sealingPublicKey, keys.signingPublicKey, keys.keyFingerprint]);
}

/** The browser's signature (base64url), from the current organisation secret (32 bytes). */
export async function signKeyRotation(currentSecret: Uint8Array, organizationId: number, nonce: string, keys: RotatedKeys): Promise<string> {
  return toBase64Url(await signChallenge(currentSecret, keyRotationMessage(organizationId, nonce, keys)));
}

/** The server's check against the current signing public key (base64url). Never throws: false for any bad input. */
export async function verifyKeyRotation(signingPublicKey: string, organizationId: number, nonce: string, keys: RotatedKeys, signature: string): Promise<boolean> {
  const publicKey = fromBase64Url(signingPublicKey);
  const signatureBytes = fromBase64Url(signature);
  if (!publicKey || !signatureBytes) return false;
  return verifyChallengeSignature(publicKey, keyRotationMessage(organizationId, nonce, keys), signatureBytes);
}
