import { sha256 } from '@hpke/common';
import { lengthPrefixed } from '../encoding';
import { toHex } from '../random';

/** Both organisation public keys (X25519 for sealing, Ed25519 for signing) are 32 bytes. */
export const organizationPublicKeyLength = 32;

export interface OrganizationPublicKeys {
  sealingPublicKey: Uint8Array;
  signingPublicKey: Uint8Array;
}

const fingerprintLabel = new TextEncoder().encode('sanidok/org-key-fingerprint/v1');
const fingerprintBytes = 16;

function assertPublicKey(key: Uint8Array, name: string): void {
  if (key.length !== organizationPublicKeyLength) {
    throw new RangeError(`${name} must be ${organizationPublicKeyLength} bytes`);
  }
}

/**
 * Short, stable name of an organisation key: the first 16 bytes of SHA-256 over a versioned,
 * length-prefixed concatenation of both public keys, as lowercase hex in groups of four
 * (`a1b2-c3d4-…`, 39 characters). The server stores it with every sealed record, so a record can
 * be matched to the key that sealed it, and people can compare it by eye.
 *
 * SHA-256 here is the synchronous one bundled with the HPKE library (noble-hashes), so the
 * fingerprint and the secret's checksum need no `await` in the UI.
 */
export function organizationKeyFingerprint(keys: OrganizationPublicKeys): string {
  assertPublicKey(keys.sealingPublicKey, 'sealingPublicKey');
  assertPublicKey(keys.signingPublicKey, 'signingPublicKey');
  const digest = sha256(lengthPrefixed([fingerprintLabel, keys.sealingPublicKey, keys.signingPublicKey]));
  const hex = toHex(digest.subarray(0, fingerprintBytes));
  return hex.match(/.{4}/g)?.join('-') ?? hex;
}
