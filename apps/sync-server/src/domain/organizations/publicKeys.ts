import { verifyPublicKeyFingerprint } from '@sanidok/crypto';
import type { OrganizationPublicKeys } from '@sanidok/schema';
import { organizationMessages } from '@sanidok/schema';
import { AppError } from '../errors';

/**
 * The fingerprint names the key in the archive and on the recovery sheet; it must belong to the
 * two public keys sent with it.
 */
export async function assertFingerprintMatches(keys: OrganizationPublicKeys): Promise<void> {
  if (!(await verifyPublicKeyFingerprint(keys))) {
    throw new AppError(400, 'VALIDATION', organizationMessages.keyInvalid, { keyFingerprint: organizationMessages.keyInvalid });
  }
}
