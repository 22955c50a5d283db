import { archiveMessages } from './archive';
import { organizationPublicKeysSchema } from './organizations';
import { z } from './zodConfig';

/**
 * A lost organisation key (docs/security.md "Key recovery"): the owner registers
 * a new key without the old one's signature, which takes effect only after a waiting time that
 * every member sees and that the owner and the organisation's admins can cancel. Devices pin the
 * key they know and warn until the owner confirms the recovered key.
 */
export const keyRecoveryDelayHours = 72;

export const keyRecoveryMessages = {
  alreadyPending: 'Für diese Organisation läuft bereits eine Wiederherstellung des Schlüssels. Brechen Sie sie zuerst ab.',
  noneToCancel: 'Es läuft keine Wiederherstellung des Schlüssels, die abgebrochen werden könnte.',
  nothingToConfirm: 'Es gibt keinen wiederhergestellten Schlüssel, der bestätigt werden müsste.',
  proofAfterReset:
    'Ihr Passwort wurde zurückgesetzt. Bestätigen Sie zuerst mit Ihrem Code aus der Authenticator-App (eingerichtet vor dem Zurücksetzen) oder mit dem Organisationsschlüssel, dass Sie der Inhaber sind.',
  wrongCode: 'Der Code aus der Authenticator-App ist falsch oder schon benutzt.',
  noneToApprove: 'Es läuft keine Wiederherstellung, die noch freigegeben werden müsste.',
  approveOwn: 'Eine Wiederherstellung, die Sie selbst angefordert haben, kann nur ein anderer Administrator freigeben.',
  approverTooNew: 'Freigeben kann nur ein Administrator, der schon vor der Wartezeit Mitglied der Organisation war.',
  approverReset:
    'Ihr Passwort wurde zurückgesetzt. Melden Sie sich mit Ihrem zweiten Faktor an, bevor Sie eine Wiederherstellung freigeben.',
  challengeExpired: 'Die Bestätigung ist abgelaufen oder wurde schon benutzt. Bitte versuchen Sie es erneut.',
} as const;

/** How long the nonce of a rotation or recovery message stays valid (domain/archive/keyChallenges.ts). */
export const keyChangeChallengeTtlMs = 5 * 60_000;

/** POST /api/organizations/{orgId}/key-change/challenge: the nonce the next rotation or recovery carries. */
export interface KeyChangeChallenge {
  challengeId: string;
  organizationId: number;
  /** base64url, 32 random bytes; signed with the new keys in a rotation. */
  nonce: string;
  expiresAt: string;
}

const challengeId = z.string({ error: keyRecoveryMessages.challengeExpired }).min(1, keyRecoveryMessages.challengeExpired).max(64, keyRecoveryMessages.challengeExpired);
export const keyChangeChallengeField = { challengeId };

/**
 * POST /api/organizations/{orgId}/key-recovery: the new public keys, the owner's password, a fresh
 * challenge, and — for a recovery that needs no admin's approval — a code of the owner's second factor.
 */
export const requestKeyRecoverySchema = organizationPublicKeysSchema.extend({
  currentPassword: z.string({ error: archiveMessages.passwordRequired }).min(1, archiveMessages.passwordRequired).max(200, archiveMessages.wrongPassword),
  challengeId,
  totpCode: z.string().trim().max(40, keyRecoveryMessages.wrongCode).optional(),
});
export type RequestKeyRecoveryInput = z.input<typeof requestKeyRecoverySchema>;

/** POST …/key-recovery/approve: an organisation admin's approval; a code only when the admin's own password was reset. */
export const approveKeyRecoverySchema = z.object({ totpCode: z.string().trim().max(40, keyRecoveryMessages.wrongCode).optional() });

/** A recovery waiting for its time, as every member's device shows it. */
export interface PendingKeyRecovery {
  keyFingerprint: string;
  requestedBy: string | null;
  requestedAt: string;
  effectiveAt: string;
  /**
   * Vouched for by the owner's second factor or an organisation admin's approval. An unapproved
   * recovery never takes effect; its wait starts at the approval.
   */
  approved: boolean;
}
