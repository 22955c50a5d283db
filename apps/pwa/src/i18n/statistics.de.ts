/** Organisation statistics: /organizations/{id}/statistics. */
export const statisticsDe = {
  open: 'Statistik',
  title: (organization: string) => `Statistik – ${organization}`,
  back: 'Zurück zu den Organisationen',
  intro: 'Zahlen aller Sanitätsdienste der Organisation, nach dem Monat ihres Beginns. Die Statistik enthält keine Patientendaten.',
  from: 'Von (Monat)',
  to: 'Bis (Monat)',
  offline: 'Die Statistik wird auf dem Server berechnet und braucht eine Internetverbindung.',
  loadFailed: 'Die Statistik konnte nicht geladen werden.',
  notAllowed: 'Nur der Inhaber oder ein Administrator darf die Statistik sehen.',
  exportMonthsCsv: 'CSV: Zahlen je Monat',
  exportServicesCsv: 'CSV: Patienten je Dienst',
  cards: {
    services: 'Sanitätsdienste',
    patients: 'Patienten',
    perService: 'Patienten je Dienst',
    transportRate: 'Transportquote',
    transportHint: 'An den Rettungsdienst übergeben, Anteil der abgeschlossenen Protokolle',
    onSite: 'Ø Zeit vor Ort',
    onSiteHint: 'Vom Anlegen bis zur Entlassung eines Protokolls',
    materialCost: 'Materialkosten',
    /** Said beside the patients: they count treatments and protocols, not the tags of MANV mode. */
    withoutManv: (persons: number) => `Dazu ${persons} ${persons === 1 ? 'Person' : 'Personen'} aus dem MANV-Modus, hier nicht mitgezählt (siehe MANV-Bericht des Dienstes)`,
    withoutPrice: (units: number) => `${units} ${units === 1 ? 'Einheit' : 'Einheiten'} ohne Preis nicht enthalten`,
    none: '–',
  },
  charts: {
    servicesPerMonth: 'Sanitätsdienste je Monat',
    patientsPerMonth: 'Patienten je Monat',
  },
  table: {
    caption: 'Zahlen je Monat',
    month: 'Monat',
    services: 'Dienste',
    minorTreatments: 'Bagatellen',
    protocols: 'Protokolle',
    patients: 'Patienten',
    transportRate: 'Transportquote',
    onSite: 'Ø Zeit vor Ort',
    materialCost: 'Materialkosten',
    manvPersons: 'Personen im MANV (nicht unter Patienten)',
    total: 'Gesamt',
  },
  perService: {
    caption: 'Patienten je Sanitätsdienst',
    service: 'Sanitätsdienst',
    start: 'Beginn',
    patients: 'Patienten',
    empty: 'Im gewählten Zeitraum begann kein Sanitätsdienst.',
  },
  minutes: (minutes: number) => `${minutes} min`,
  percent: (value: number) => `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} %`,
  euro: (cents: number) => (cents / 100).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' }),
  // One table per file: 'Statistik-DRK-Nord-2026-01-bis-2026-12-Monate.csv' and '…-Dienste.csv'.
  csvFile: (organization: string, from: string, to: string, table: 'Monate' | 'Dienste') =>
    `Statistik-${organization.replace(/[^\p{L}\p{N}]+/gu, '-')}-${from}-bis-${to}-${table}.csv`,
  monthLabel: (month: string) => {
    const [year, m] = month.split('-');
    return `${m ?? ''}/${year ?? ''}`;
  },
} as const;
