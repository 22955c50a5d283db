/** German texts of the conflict notices' "replaced values" view (docs/decisions.md "Conflict notices"). */
export const conflictsDe = {
  showRevisions: 'Ersetzte Werte anzeigen',
  title: 'Ersetzte Werte',
  close: 'Schließen',
  loading: 'Ersetzte Werte werden geladen …',
  empty: 'Keine ersetzten Werte vorhanden.',
  offline: 'Die ersetzten Werte liegen auf dem Server und können nur mit Verbindung angezeigt werden.',
  emptyValue: '(leer)',
  replaced: 'Ersetzter Wert',
  replacedBy: 'Neuer Wert',
  changed: (at: string, by: string | null) => (by ? `Geändert am ${at} von ${by}` : `Geändert am ${at}`),
  sealedNote: 'Ersetzte Patientendaten wurden bei der Entlassung mit den übrigen Patientendaten verschlüsselt archiviert.',
} as const;
