import { deriveOrganizationKeys, generateOrganizationSecret } from './derive';
import type { OrganizationPublicKeyPayload } from './payload';
import { publicKeysToBase64Url } from './payload';

/**
 * A new organisation key as the owner's browser makes one (creation, rotation, recovery): the
 * secret, which the caller shows once and then overwrites, and the public keys for the server.
 * The derived private keys are not needed for that and are overwritten here, not left to the GC.
 */
export async function newOrganizationKey(): Promise<{ secret: Uint8Array; publicKeys: OrganizationPublicKeyPayload }> {
  const secret = generateOrganizationSecret();
  const keys = await deriveOrganizationKeys(secret);
  const publicKeys = publicKeysToBase64Url(keys);
  keys.sealing.privateKey.fill(0);
  keys.signing.privateKey.fill(0);
  return { secret, publicKeys };
}
