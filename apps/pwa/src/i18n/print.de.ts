/**
 * German texts of the protocol prints (docs/spec/services.md §2 print panel, §4 status labels of the full print,
 * §8 'Druckfehler', §9). Texts quoted in the spec are copied verbatim; tests compare them.
 */
export const printDe = {
  panel: {
    label: 'Drucken',
    handover: 'RTW-Übergabe drucken',
    complete: 'Vollständiges Protokoll drucken',
    fhir: 'Als FHIR-Dokument exportieren',
    fhirHint: 'Für Rettungsdienst oder Klinik: eine Datei im Standard FHIR R4.',
    /** The short labels of the edit page's action row; each is part of the button's full name (WCAG 2.5.3). */
    short: { handover: 'Übergabe drucken', complete: 'Protokoll drucken', fhir: 'FHIR-Dokument' },
    /** docs/spec/services.md §8: missing patient data blocks printing silently; the disabled buttons say why. */
    patientDataArchived:
      'Drucken nicht möglich: Die Patientendaten dieses Protokolls sind nicht mehr auf diesem Gerät gespeichert. Nach der Entlassung liegen sie verschlüsselt im Patientenarchiv.',
  },
  failedTitle: 'Druckfehler',
  failures: {
    notFound: 'Das Protokoll ist auf diesem Gerät nicht gespeichert.',
    noDatabase: 'Es ist keine lokale Datenbank geöffnet. Bitte melden Sie sich erneut an.',
    loadFailed: (reason: string) => (reason ? `Die Druckdaten konnten nicht geladen werden: ${reason}` : 'Die Druckdaten konnten nicht geladen werden.'),
    popupBlocked: 'Das Druckfenster wurde vom Browser blockiert. Bitte erlauben Sie Pop-ups für diese Seite.',
  },
  document: {
    printButton: 'Drucken',
    handoverHeading: 'RTW-Übergabe',
    completeHeading: 'Patientenprotokoll',
    documentTitle: (heading: string, protocol: string) => `${heading} – ${protocol}`,
    service: 'Sanitätsdienst',
    createdAt: 'Datum',
    status: 'Status',
    unknownStatus: 'Unbekannt',
    printedAt: (when: string) => `Gedruckt am ${when} · Vertraulich: enthält Patientendaten`,
    name: 'Name',
    age: (years: number) => (years === 1 ? '1 Jahr' : `${years} Jahre`),
    empty: '-',
    sections: {
      patient: 'Patientendaten',
      chiefComplaint: 'Hauptbeschwerde',
      risks: 'Allergien und Medikamente',
      anamnesis: 'Anamnese',
      vitalsTrend: 'Vitalparameter im Verlauf',
      vitalsTrendContinued: 'Vitalparameter im Verlauf (Fortsetzung)',
      assessment: 'Einschätzung',
      vitalsTimeline: 'Verlauf der Vitalparameter',
      treatments: 'Maßnahmen',
      helpers: 'Helfer',
      discharge: 'Entlassung',
    },
    columns: { parameter: 'Parameter', value: 'Wert', time: 'Uhrzeit' },
    measurement: (n: number, when: string) => `Messung ${n} – ${when}`,
    noVitals: 'Keine Vitalparameter erfasst',
    notMeasured: '–',
    markedWrong: 'irrtümlich',
    notAssessed: 'nicht erhoben',
    noTreatments: 'Keine Maßnahmen dokumentiert',
    noAnamnesis: 'Keine Angabe',
    discharge: {
      dischargedAt: 'Entlassen am',
      status: 'Patientenzustand',
      outcome: 'Ausgang',
      destination: 'Verbleib',
      handoverTo: 'Übergabe an',
      comment: 'Kommentar',
    },
  },
} as const;
