import { reportFileName } from '../fileName';

/** Every word the event report prints, PDF and CSV alike. */
export const eventReportTexts = {
  title: 'Einsatzbericht',
  service: 'Sanitätsdienst',
  organization: 'Organisation',
  location: 'Ort',
  period: 'Zeitraum',
  start: 'Beginn',
  end: 'Ende',
  generated: 'Erstellt am',
  noPatientDataNote: 'Dieser Bericht enthält keine Patientendaten (keine Namen, keine Geburtsdaten, keine Freitexte der Protokolle).',
  sections: {
    team: 'Team',
    counts: 'Patienten',
    outcomes: 'Ausgang der Versorgung (Patientenprotokolle)',
    destinations: 'An den Rettungsdienst übergeben – Ziel',
    naca: 'Patientenprotokolle nach NACA-Score',
    diagnosisGroups: 'Patientenprotokolle nach Diagnosegruppe',
    perHour: 'Patienten je Stunde',
    perDay: 'Patienten je Tag',
    minorKinds: 'Bagatellbehandlungen nach Vorlage',
    measureCategories: 'Maßnahmen nach Kategorie des Behandlungskatalogs',
    topMeasures: 'Häufigste Maßnahmen',
    materials: 'Verbrauchtes Material',
    manv: 'MANV',
    remarks: 'Bemerkungen',
  },
  columns: {
    member: 'Person',
    hours: 'Stunden im Dienst',
    label: 'Bezeichnung',
    count: 'Anzahl',
    unit: 'Einheit',
    slot: 'Zeit',
    incident: 'Lage',
  },
  counts: {
    minorTreatments: 'Bagatellbehandlungen',
    protocols: 'Patientenprotokolle',
    total: 'Patienten gesamt',
    open: 'Davon noch in Behandlung',
  },
  manv: {
    patients: 'Patienten',
    transported: 'Transportiert',
    started: 'Beginn',
    ended: 'Ende',
    running: 'läuft',
  },
  empty: {
    patients: 'Keine Patienten erfasst.',
    team: 'Niemand eingeteilt.',
    materials: 'Kein Material verbraucht.',
    measures: 'Keine Maßnahmen dokumentiert.',
    remarks: 'Keine Bemerkungen.',
  },
  hoursUnit: 'Stunden',
  csvHeader: ['Abschnitt', 'Bezeichnung', 'Wert', 'Einheit'],
} as const;

/** Hours the German way: 6,5 — one decimal, comma. */
export const formatHours = (hours: number): string => hours.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const eventReportFileName = (serviceName: string, extension: 'pdf' | 'csv'): string => reportFileName('Einsatzbericht', serviceName, extension);
