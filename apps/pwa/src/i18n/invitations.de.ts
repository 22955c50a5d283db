import { invitationValidDays } from '@sanidok/schema';

/** Texts of invitations that wait: the dialog's one field, the owner's list of open invitations. */
export const invitationsDe = {
  invitee: 'Benutzername oder E-Mail-Adresse',
  inviteHint: `Laden Sie einen Benutzernamen oder eine E-Mail-Adresse ein, auch wenn es dafür noch kein Konto gibt. Die Einladung gilt ${String(invitationValidDays)} Tage. Über eine E-Mail-Adresse erreicht sie ein Konto erst, wenn es diese Adresse bestätigt hat.`,
  // The server answers alike whether an account exists (no enumeration): say so.
  invitedText: (invitee: string) => `Die Einladung an „${invitee}“ wartet, bis ein Konto dazu gehört, und ist dann unter „Einladungen“ zu sehen.`,
  openTitle: 'Offene Einladungen',
  noneOpen: 'Keine offenen Einladungen.',
  sentAt: (when: string, by: string | null) => (by ? `Gesendet am ${when} von ${by}` : `Gesendet am ${when}`),
  validUntil: (when: string) => `gültig bis ${when}`,
  expiredAt: (when: string) => `abgelaufen am ${when}`,
  expired: 'Abgelaufen',
  email: 'E-Mail',
  resend: 'Erneut senden',
  resendLabel: (invitee: string) => `Einladung an ${invitee} erneut senden`,
  revoke: 'Zurückziehen',
  revokeLabel: (invitee: string) => `Einladung an ${invitee} zurückziehen`,
  revokeTitle: 'Einladung zurückziehen?',
  revokeText: (invitee: string) => `Die Einladung an „${invitee}“ kann danach nicht mehr angenommen werden, auch nicht auf einem Gerät, das sie noch zeigt.`,
} as const;
