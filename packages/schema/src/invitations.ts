import { authMessages } from './auth';
import { invitableRoles, organizationMessages } from './organizations';
import type { OrganizationRole } from './organizations';
import { z } from './zodConfig';

/**
 * Invitations that wait (docs/decisions.md "Invitations that wait"): to a username or an e-mail
 * address, whether an account holds it yet or not. The invitee sees it once an account has that
 * name, or has confirmed that address; it lapses after `invitationValidDays`.
 */
export const invitationValidDays = 14;
/** One invitation e-mail per address at most every so many minutes, whoever sends it. */
export const invitationMailPauseMinutes = 10;

export const invitationMessages = {
  inviteeRequired: 'Bitte geben Sie einen Benutzernamen oder eine E-Mail-Adresse ein',
  resent: 'Einladung erneut versendet',
  revoked: 'Einladung zurückgezogen',
  closed: 'Diese Einladung gilt nicht mehr: Sie ist abgelaufen, wurde zurückgezogen oder schon beantwortet.',
  openNotFound: 'Offene Einladung nicht gefunden.',
  resendTooSoon: `Diese Einladung wurde gerade erst versendet. Bitte warten Sie ${String(invitationMailPauseMinutes)} Minuten.`,
} as const;

const m = invitationMessages;

/** Usernames never contain '@' (auth.ts usernameSchema): an '@' makes the entry an address. */
export const isEmailInvitee = (invitee: string) => invitee.includes('@');

/** Addresses compare trimmed and in lower case, here and against users.email. */
export const normalizeInvitationEmail = (email: string) => email.trim().toLowerCase();

const username = z.string({ error: organizationMessages.inviteUsernameShort }).trim().min(3, organizationMessages.inviteUsernameShort).max(50, organizationMessages.inviteUsernameShort);
const email = z.string({ error: authMessages.emailInvalid }).trim().max(254, authMessages.emailInvalid).pipe(z.email(authMessages.emailInvalid)).transform(normalizeInvitationEmail);
const role = z.enum(invitableRoles, { error: organizationMessages.roleRequired }).default('member');

/** POST /api/organizations/{id}/invite: a username or an e-mail address, not both. */
export const inviteMemberSchema = z
  .object({ username: username.optional(), email: email.optional(), role })
  .refine((v) => (v.username === undefined) !== (v.email === undefined), { message: m.inviteeRequired, path: ['username'] });
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/**
 * The dialog's one field, "Benutzername oder E-Mail-Adresse", checked as what it will be sent as
 * (on the field itself, so that a cleared role does not hide its message).
 */
export const inviteFormSchema = z.object({
  invitee: z
    .string({ error: m.inviteeRequired })
    .trim()
    .min(1, m.inviteeRequired)
    .superRefine((value, ctx) => {
      const parsed = isEmailInvitee(value) ? email.safeParse(value) : username.safeParse(value);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? m.inviteeRequired });
    }),
  role,
});
export type InviteFormValues = z.input<typeof inviteFormSchema>;

export function inviteInput(values: { invitee: string; role: (typeof invitableRoles)[number] }): InviteMemberInput {
  const invitee = values.invitee.trim();
  return isEmailInvitee(invitee) ? { email: invitee, role: values.role } : { username: invitee, role: values.role };
}

/** An open invitation of an organisation, as owner and admins see it: what was typed, never whether an account has it. */
export interface OpenInvitationItem {
  id: number;
  /** The username or e-mail address as invited. */
  invitee: string;
  kind: 'username' | 'email';
  role: OrganizationRole;
  invitedBy: string | null;
  createdAt: string;
  /**
   * When it was sent or last sent again: the owner's action, not whether a mail went out (that
   * would tell whether an account with an address holds the name).
   */
  lastSentAt: string;
  expiresAt: string;
  expired: boolean;
}
