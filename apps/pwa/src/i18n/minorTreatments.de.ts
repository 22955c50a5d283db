import { formatDateTime } from '@sanidok/schema';

/**
 * German texts of minor treatments (Bagatellen), the material picker and material consumption
 * (docs/spec/services.md §2, §4, §5, §8). Texts quoted in the spec are copied verbatim; tests compare them.
 */
export const minorTreatmentsDe = {
  page: {
    title: 'Bagatellbehandlungen',
    newTreatment: 'Neue Behandlung',
    emptyTitle: 'Keine Bagatellbehandlungen',
    emptyText: 'Es wurden noch keine Bagatellbehandlungen erfasst.',
    tableLabel: 'Bagatellbehandlungen',
    columns: { patient: 'Patient', description: 'Beschreibung', date: 'Datum', service: 'Sanitätsdienst', actions: 'Aktionen' },
    details: 'Details',
    count: (count: number) => (count === 1 ? '1 Behandlung' : `${count} Behandlungen`),
    pagination: 'Seiten der Behandlungsliste',
  },
  details: {
    title: 'Behandlungsdetails',
    patient: 'Patient',
    description: 'Beschreibung',
    date: 'Behandlungsdatum',
  },
  /**
   * In place of the name when the device does not hold it: the reader is not on the service's
   * team, or the service is past its patient-data window (issue 14).
   */
  nameHidden: 'Name nur für das Team sichtbar',
  /** Rows written on this device that the server has not confirmed yet. */
  pending: 'Nicht übertragen',
  pendingHint: 'Auf diesem Gerät gespeichert, noch nicht an den Server übertragen.',
  dialog: {
    title: 'Bagatellbehandlung erfassen',
    service: 'Sanitätsdienst',
    servicePlaceholder: 'Sanitätsdienst auswählen',
    noServices: 'Es gibt derzeit keinen aktiven Sanitätsdienst, für den Sie Behandlungen erfassen können.',
    patientName: 'Patientenname',
    patientNameHelp: 'Der Name wird DSGVO-konform gespeichert.',
    description: 'Beschreibung',
    descriptionPlaceholder: 'z. B. Schürfwunde Knie links, gereinigt und verbunden',
    descriptionHint: 'Enter speichert, Umschalt + Enter beginnt eine neue Zeile.',
    cancel: 'Abbrechen',
    save: 'Speichern',
    saving: 'Speichern...',
    noMaterialsNotice: 'Hinweis: Sie haben keine Materialien ausgewählt. Möchten Sie trotzdem fortfahren?',
    continue: 'Fortfahren',
    close: 'Schließen',
  },
  picker: {
    add: 'Material hinzufügen',
    searchPlaceholder: 'Material suchen …',
    nothingFound: 'Kein passendes Material im Katalog',
    emptyCatalogue: 'Der Materialkatalog dieser Organisation ist leer.',
    chooseServiceFirst: 'Wählen Sie zuerst einen Sanitätsdienst aus.',
    selected: 'Ausgewählte Materialien',
    quantity: 'Menge',
    quantityLabel: (name: string) => `Menge ${name}`,
    decrease: (name: string) => `${name}: eins weniger`,
    increase: (name: string) => `${name}: eins mehr`,
    remove: (name: string) => `${name} entfernen`,
  },
  toasts: {
    created: 'Behandlung erfasst',
    createdText: 'Die Bagatellbehandlung wurde erfolgreich erfasst.',
    error: 'Fehler',
    createFailed: (message: string) => `Fehler beim Erfassen der Behandlung: ${message}`,
    serverFallback: 'Serverfehler beim Speichern',
  },
  serviceTab: {
    listLabel: 'Bagatellbehandlungen des Sanitätsdienstes',
    materials: 'Materialien',
    noMaterials: 'Kein Material verwendet',
    materialLine: (name: string, quantity: number) => `${name} × ${quantity}`,
    readOnly: 'Für diesen Sanitätsdienst können keine Behandlungen mehr erfasst werden.',
  },
  usage: {
    tableLabel: 'Materialverbrauch',
    columns: { material: 'Material', count: 'Anzahl', lastUsed: 'Zuletzt verwendet', actions: 'Aktionen' },
    refilled: 'Aufgefüllt',
    exportPdf: 'PDF Export',
    clear: 'Liste leeren',
    clearTitle: 'Liste leeren',
    clearText: 'Alle angezeigten Materialien werden als aufgefüllt markiert und aus der Liste entfernt. Der Verbrauch bleibt im Verlauf erhalten.',
    empty: 'Keine verbrauchten Materialien',
    capture: 'Material erfassen',
    unknownMaterial: (id: number) => `Material ${id}`,
    toasts: {
      refilled: 'Material entfernt',
      refilledText: (name: string) => `„${name}“ wurde als aufgefüllt markiert.`,
      refillFailed: 'Fehler',
      cleared: 'Materialien geleert',
      clearedText: 'Die Liste des Materialverbrauchs ist leer.',
      clearFailed: 'Fehler beim Leeren der Materialien',
      exported: 'Export erfolgreich',
      exportedText: (fileName: string) => `${fileName} wurde heruntergeladen.`,
      exportFailed: 'Export fehlgeschlagen',
    },
  },
  usedPage: {
    title: 'Material erfassen',
    intro:
      'Erfassen Sie hier Material, das ohne Patientenbezug entnommen wurde – zum Beispiel beim Auffüllen eines Rucksacks oder Sanitätskoffers. Es erscheint im Materialverbrauch des Sanitätsdienstes.',
    service: 'Sanitätsdienst',
    servicePlaceholder: 'Sanitätsdienst auswählen',
    serviceInfo: (location: string, start: string, end: string) => `${location} · ${formatDateTime(start)} – ${formatDateTime(end)}`,
    notFound: 'Sanitätsdienst nicht gefunden',
    save: 'Speichern',
    saving: 'Speichern...',
    cancel: 'Abbrechen',
    back: 'Zurück zum Sanitätsdienst',
    saved: 'Materialien gespeichert',
    savedText: (count: number) => (count === 1 ? '1 Material wurde erfasst.' : `${count} Materialien wurden erfasst.`),
    saveFailed: 'Fehler beim Speichern der Materialien',
  },
  /** Refusals made on the device already, worded as the server words them. */
  errors: {
    serviceArchived: 'Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.',
    serviceBlocked: 'Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.',
    organizationBlocked: 'Diese Organisation ist gesperrt. Änderungen sind nicht möglich.',
    unknownError: 'Unbekannter Fehler',
  },
} as const;
