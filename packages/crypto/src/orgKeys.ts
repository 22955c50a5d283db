// Organisation keys: one secret in the owner's browser, two key pairs derived from it (X25519
// for HPKE sealing, Ed25519 for the archive proof), and a typable text form of the secret.
export type { OrganizationKeyPair, OrganizationKeys } from './orgKeys/derive';
export {
  deriveOrganizationKeys,
  generateOrganizationSecret,
  organizationKem,
  organizationKeyLabels,
  organizationSecretLength,
} from './orgKeys/derive';
export type { OrganizationPublicKeys } from './orgKeys/fingerprint';
export { organizationKeyFingerprint, organizationPublicKeyLength } from './orgKeys/fingerprint';
export { newOrganizationKey } from './orgKeys/newKey';
export type { OrganizationPublicKeyPayload } from './orgKeys/payload';
export {
  fromBase64Url,
  publicKeysFromBase64Url,
  publicKeysToBase64Url,
  verifyPublicKeyFingerprint,
} from './orgKeys/payload';
export type { ParsedOrganizationSecret } from './orgKeys/secretText';
export { encodeOrganizationSecret, organizationSecretPrefix, parseOrganizationSecret } from './orgKeys/secretText';
export { signChallenge, verifyChallengeSignature } from './orgKeys/signing';
