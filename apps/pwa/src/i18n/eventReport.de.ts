/** The event report (Einsatzbericht): button and dialog on the service detail. */
export const eventReportDe = {
  open: 'Einsatzbericht',
  title: 'Einsatzbericht erstellen',
  close: 'Einsatzbericht schließen',
  intro:
    'Der Bericht fasst den Sanitätsdienst zusammen: Team und Stunden, Anzahl der Patienten, Ausgang der Versorgung, Patienten je Stunde, häufigste Maßnahmen und verbrauchtes Material. Er wird auf diesem Gerät erstellt, auch ohne Internetverbindung, aus den Daten, die dieses Gerät hat.',
  privacy: 'Der Bericht enthält keine Patientendaten: keine Namen, keine Geburtsdaten und keine Freitexte der Protokolle. Er kann an den Veranstalter weitergegeben werden.',
  remarks: 'Bemerkungen',
  remarksPlaceholder: 'z. B. Wetter, besondere Vorkommnisse, Absprachen mit dem Veranstalter',
  pdf: 'PDF herunterladen',
  csv: 'CSV herunterladen',
  notOnDevice: 'Dieser Sanitätsdienst ist nicht auf diesem Gerät gespeichert.',
  failed: 'Der Einsatzbericht konnte nicht erstellt werden.',
  done: (fileName: string) => `${fileName} wurde gespeichert.`,
} as const;
