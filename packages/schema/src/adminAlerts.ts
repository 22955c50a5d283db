/**
 * The platform admins' in-app inbox (docs/security.md "Archive alerts"): alerts
 * reach it always, by e-mail only when SMTP is configured, so that an admin without an address or
 * without a mail server still sees them.
 */
export const adminAlertKinds = ['archive_access_alert'] as const;
export type AdminAlertKind = (typeof adminAlertKinds)[number];

export interface AdminAlertItem {
  id: number;
  kind: AdminAlertKind;
  title: string;
  body: string;
  createdAt: string;
  /** When an admin marked it read, and who; null while unread. */
  readAt: string | null;
  readByName: string | null;
}

export const adminAlertMessages = {
  notFound: 'Meldung nicht gefunden.',
  archiveTitle: (failureCount: number) => `${failureCount} Fehlversuche am Patientenarchiv`,
} as const;
