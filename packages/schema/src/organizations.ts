import type { PendingKeyRecovery } from './keyRecovery';
import { z } from './zodConfig';

/** Organisations, members and invitations (docs/spec/accounts.md §3, §5, §7). */

export const organizationRoles = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];
export const invitableRoles = ['member', 'admin'] as const;

export const organizationMessages = {
  nameShort: 'Name muss mindestens 3 Zeichen lang sein',
  nameLong: 'Name darf höchstens 100 Zeichen lang sein',
  nameLink: 'Der Name darf keine Internet- oder E-Mail-Adresse enthalten',
  descriptionLong: 'Beschreibung darf höchstens 1000 Zeichen lang sein',
  keyInvalid: 'Der Organisationsschlüssel ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  inviteUsernameShort: 'Benutzername muss mindestens 3 Zeichen lang sein',
  roleRequired: 'Bitte wählen Sie eine Rolle',
  responseInvalid: 'Bitte nehmen Sie die Einladung an oder lehnen Sie sie ab.',
} as const;

const base64Key = z.string({ error: organizationMessages.keyInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, organizationMessages.keyInvalid);

/** Public half of the organisation key; the secret never leaves the owner's browser. */
export const organizationPublicKeysSchema = z.object({
  sealingPublicKey: base64Key,
  signingPublicKey: base64Key,
  keyFingerprint: z.string({ error: organizationMessages.keyInvalid }).regex(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/, organizationMessages.keyInvalid),
});
export type OrganizationPublicKeys = z.infer<typeof organizationPublicKeysSchema>;

/**
 * A link in an organisation name: a scheme (`https://`, `mailto:`), `www.`, or a host name such as
 * `example.com` (a word, a dot and letters right after it, so "e.V." and "St. Johannes" stay
 * allowed). The name goes out in invitation e-mail subjects, where a link would be clickable.
 */
const linkInName = /[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\bwww\.|[\p{L}\p{N}-]+\.[\p{L}]{2,}/iu;

export const organizationFormSchema = z.object({
  name: z
    .string({ error: organizationMessages.nameShort })
    .trim()
    .min(3, organizationMessages.nameShort)
    .max(100, organizationMessages.nameLong)
    .refine((v) => !linkInName.test(v), organizationMessages.nameLink),
  description: z
    .string()
    .trim()
    .max(1000, organizationMessages.descriptionLong)
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type OrganizationFormValues = z.input<typeof organizationFormSchema>;

export const createOrganizationSchema = organizationFormSchema.extend(organizationPublicKeysSchema.shape);
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

export const organizationMemberMessages = {
  lastAdminNeedsProof:
    'Der letzte Administrator der Organisation kann eine Wiederherstellung des Schlüssels abbrechen. Bitte bestätigen Sie das Entfernen mit dem Code aus Ihrer Authenticator-App.',
  codeLong: 'Der Code ist zu lang.',
} as const;

/** DELETE /api/organizations/{id}/members/{userId}: the remover's second-factor code, only for the last admin. */
export const removeMemberSchema = z.object({ totpCode: z.string().trim().max(40, organizationMemberMessages.codeLong).optional() });

export const respondInvitationSchema = z.object({
  response: z.enum(['accepted', 'declined'], { error: organizationMessages.responseInvalid }),
});
export type RespondInvitationInput = z.input<typeof respondInvitationSchema>;

/**
 * The device lock's inactivity time: the owner sets the longest for the organisation's
 * devices, a device may lower it (apps/pwa/src/features/lock/lockTime.ts); a member of several
 * organisations gets the shortest.
 */
export const defaultLockAfterMinutes = 5;
export const maxLockAfterMinutes = 30;
export const lockTimeMessages = {
  range: `Bitte wählen Sie zwischen 1 und ${maxLockAfterMinutes} Minuten.`,
} as const;
export const organizationLockTimeSchema = z.object({
  lockAfterMinutes: z.number({ error: lockTimeMessages.range }).int(lockTimeMessages.range).min(1, lockTimeMessages.range).max(maxLockAfterMinutes, lockTimeMessages.range),
});
export type OrganizationLockTimeInput = z.input<typeof organizationLockTimeSchema>;

/** Path ids: positive integers; anything else is simply "not found". */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export interface OrganizationListItem {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  role: OrganizationRole;
  isBlocked: boolean;
  memberCount: number;
  /** When the current user joined: shown on /profile. */
  memberSince: string;
  sealingPublicKey: string;
  signingPublicKey: string;
  keyFingerprint: string;
  /**
   * False after a key recovery (./keyRecovery.ts) until the owner confirms the new key: devices
   * that knew another key warn until then.
   */
  keyConfirmed: boolean;
  /** A recovery of the key that waits for its time; every member sees it. */
  keyRecovery: PendingKeyRecovery | null;
  /** The longest inactivity before a device locks (owner's setting; ./organizations.ts defaultLockAfterMinutes). */
  lockAfterMinutes: number;
  /** Years a sealed record is kept after its close (owner's setting, at least ./retention.ts legalMinimumRetentionYears). */
  retentionYears: number;
}

export interface MemberListItem {
  id: number;
  role: OrganizationRole;
  memberSince: string;
  user: { id: number; username: string; fullName: string | null };
}

export interface InvitationListItem {
  id: number;
  role: OrganizationRole;
  createdAt: string;
  /** After it, the invitation can no longer be accepted (./invitations.ts invitationValidDays). */
  expiresAt: string;
  organization: { id: number; name: string };
  inviter: { username: string | null };
}
