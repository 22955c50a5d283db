import { archiveMessages } from './archive';
import { organizationPublicKeysSchema } from './organizations';
import { z } from './zodConfig';

/**
 * A lost organisation key (issue 15 item 1; docs/security.md "Key recovery"): the owner registers
 * a new key without the old one's signature, which takes effect only after a waiting time that
 * every member sees and that the owner and the organisation's admins can cancel. Devices pin the
 * key they know and warn until the owner confirms the recovered key.
 */
export const keyRecoveryDelayHours = 72;

export const keyRecoveryMessages = {
  alreadyPending: 'Für diese Organisation läuft bereits eine Wiederherstellung des Schlüssels. Brechen Sie sie zuerst ab.',
  noneToCancel: 'Es läuft keine Wiederherstellung des Schlüssels, die abgebrochen werden könnte.',
  nothingToConfirm: 'Es gibt keinen wiederhergestellten Schlüssel, der bestätigt werden müsste.',
} as const;

/** POST /api/organizations/{orgId}/key-recovery: the new public keys and the owner's password, no signature. */
export const requestKeyRecoverySchema = organizationPublicKeysSchema.extend({
  currentPassword: z.string({ error: archiveMessages.passwordRequired }).min(1, archiveMessages.passwordRequired).max(200, archiveMessages.wrongPassword),
});
export type RequestKeyRecoveryInput = z.input<typeof requestKeyRecoverySchema>;

/** A recovery waiting for its time, as every member's device shows it. */
export interface PendingKeyRecovery {
  keyFingerprint: string;
  requestedBy: string | null;
  requestedAt: string;
  effectiveAt: string;
}
