/**
 * Access logs (docs/spec/accounts.md §3): who opened or printed which protocol, who opened a
 * service's patient list, who had a minor treatment's full name shown. Owners only. The legal
 * texts list exactly these events (apps/pwa/src/i18n/legal.de.ts; docs/security.md "Access logging").
 */

export const accessLogActions = [
  'protocol_opened', 'print_handover', 'print_complete_protocol', 'fhir_export', 'patient_list_opened', 'minor_treatment_name_viewed',
  'manv_person_list_opened', 'manv_person_list_exported', 'other',
] as const;
export type AccessLogAction = (typeof accessLogActions)[number];

export const accessLogActionLabels: Record<AccessLogAction, string> = {
  protocol_opened: 'Protokoll geöffnet',
  print_handover: 'RTW-Übergabe gedruckt',
  print_complete_protocol: 'Vollständiges Protokoll gedruckt',
  fhir_export: 'Protokoll als FHIR-Dokument exportiert',
  patient_list_opened: 'Patientenliste des Dienstes geöffnet',
  minor_treatment_name_viewed: 'Vollständiger Name einer Bagatellbehandlung angezeigt',
  manv_person_list_opened: 'Personenliste des MANV geöffnet',
  manv_person_list_exported: 'Personenliste des MANV exportiert (PDF/CSV)',
  other: 'Sonstiges',
};

/** Access logs are kept at most this long (legal text, docs/spec/accounts.md §9). */
export const accessLogRetentionDays = 90;

export interface AccessLogItem {
  id: number;
  actionType: AccessLogAction;
  patientProtocolId: string | null;
  serviceId: string | null;
  timestamp: string;
  ipAddress: string | null;
  details: string | null;
  user: { username: string | null; fullName: string | null };
}

/**
 * Keeps the first two parts of an address and masks the rest: "192.168.*.*", "2001:db8:*".
 * The server already sends masked addresses (data minimisation); the screen applies it again.
 */
export function maskIpAddress(ip: string | null | undefined): string {
  if (!ip) return '-';
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d{1,3}(\.\d{1,3}|\.\*){3}$/.test(v4)) {
    const [a, b] = v4.split('.');
    return `${a}.${b}.*.*`;
  }
  const parts = ip.split(':').filter((p) => p !== '');
  return parts.length >= 2 ? `${parts[0]}:${parts[1]}:*` : '*';
}
