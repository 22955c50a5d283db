import { loadSodium } from '../sodium';
import { decodeBase64Url } from '../base64url';
import { toBase64Url } from '../random';
import type { OrganizationPublicKeys } from './fingerprint';
import { organizationKeyFingerprint, organizationPublicKeyLength } from './fingerprint';

/** What the browser sends when an organisation key is created; the server never gets more. */
export interface OrganizationPublicKeyPayload {
  /** X25519, base64url without padding, 32 bytes. */
  sealingPublicKey: string;
  /** Ed25519, base64url without padding, 32 bytes. */
  signingPublicKey: string;
  keyFingerprint: string;
}

/**
 * Strict base64url (RFC 4648 §5, no padding). Anything else, including a last character with
 * stray low bits, gives `undefined`: one key has exactly one accepted spelling in the API.
 */
export const fromBase64Url = decodeBase64Url;

/**
 * The API payload for a derived key set. The fingerprint is computed afresh from the two keys
 * rather than copied, so the payload is consistent by construction.
 */
export function publicKeysToBase64Url(keys: {
  sealing: { publicKey: Uint8Array };
  signing: { publicKey: Uint8Array };
}): OrganizationPublicKeyPayload {
  const publicKeys = { sealingPublicKey: keys.sealing.publicKey, signingPublicKey: keys.signing.publicKey };
  return {
    sealingPublicKey: toBase64Url(publicKeys.sealingPublicKey),
    signingPublicKey: toBase64Url(publicKeys.signingPublicKey),
    keyFingerprint: organizationKeyFingerprint(publicKeys),
  };
}

/** Both keys as bytes, or `undefined` unless each is canonical base64url of exactly 32 bytes. */
export function publicKeysFromBase64Url(
  payload: Pick<OrganizationPublicKeyPayload, 'sealingPublicKey' | 'signingPublicKey'>,
): OrganizationPublicKeys | undefined {
  const sealingPublicKey = fromBase64Url(payload.sealingPublicKey);
  const signingPublicKey = fromBase64Url(payload.signingPublicKey);
  if (sealingPublicKey?.length !== organizationPublicKeyLength) return undefined;
  if (signingPublicKey?.length !== organizationPublicKeyLength) return undefined;
  return { sealingPublicKey, signingPublicKey };
}

// Any fixed scalar will do: libsodium clamps it to a multiple of 8, which maps every point of
// order 1, 2, 4 or 8 to the all-zero result that crypto_scalarmult refuses.
const probeScalar = new Uint8Array(32).fill(0x5a);

/**
 * X25519 accepts any 32 bytes, but a small-order point would make every HPKE seal to it derive a
 * known shared secret. The high bit is never set by a real key (RFC 7748 masks it), so requiring
 * it clear also keeps one spelling per key.
 */
function isUsableX25519PublicKey(sodium: Awaited<ReturnType<typeof loadSodium>>, key: Uint8Array): boolean {
  if ((key[31] ?? 0) & 0x80) return false;
  try {
    sodium.crypto_scalarmult(probeScalar, key);
    return true;
  } catch {
    return false;
  }
}

/**
 * For the server when an organisation key is registered: true only if both keys are canonical
 * base64url of 32 bytes, are usable public keys (X25519 not of small order; Ed25519 a canonical
 * point of the prime-order subgroup), and `keyFingerprint` is exactly their fingerprint. It cannot
 * prove that both keys come from one secret; the archive proof (signature) shows possession.
 */
export async function verifyPublicKeyFingerprint(payload: OrganizationPublicKeyPayload): Promise<boolean> {
  const keys = publicKeysFromBase64Url(payload);
  if (!keys) return false;
  if (organizationKeyFingerprint(keys) !== payload.keyFingerprint) return false;
  const sodium = await loadSodium();
  return (
    isUsableX25519PublicKey(sodium, keys.sealingPublicKey) &&
    sodium.crypto_core_ed25519_is_valid_point(keys.signingPublicKey)
  );
}
