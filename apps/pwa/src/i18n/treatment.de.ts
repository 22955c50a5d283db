import { treatmentPerformerLabels, treatmentSearchLimit } from '@sanidok/schema';

/**
 * German texts of the treatment documentation editor on the Behandlung tab (docs/spec/services.md §2, §4). The
 * validation messages come from @sanidok/schema, so device and server refuse with the same words.
 */
export const treatmentDe = {
  entries: {
    title: 'Dokumentierte Maßnahmen',
    listLabel: 'Dokumentierte Maßnahmen',
    empty: 'Noch keine Maßnahmen dokumentiert.',
    count: (count: number) => (count === 1 ? '1 Maßnahme' : `${count} Maßnahmen`),
    /** Rows written on this device that the server has not confirmed yet. */
    pending: 'Nicht übertragen',
    pendingHint: 'Auf diesem Gerät gespeichert, noch nicht an den Server übertragen.',
    readOnly: 'Dieses Protokoll ist abgeschlossen; es können keine Maßnahmen mehr ergänzt werden.',
  },
  entryFields: {
    legend: 'Neue Maßnahme',
    time: 'Uhrzeit',
    timeHint: 'Folgt der aktuellen Uhrzeit, bis Sie sie ändern.',
    now: 'Jetzt',
    performer: 'Durchgeführt von',
    performerLabels: treatmentPerformerLabels,
    /** 'Helfer 1 (Max Muster)' when the protocol names the helper. */
    performerWithName: (label: string, name: string) => `${label} (${name})`,
    performerName: 'Name der durchführenden Person',
  },
  sections: {
    label: 'Maßnahme auswählen',
    quick: 'Schnellmaßnahmen',
    catalogue: 'Katalog',
    custom: 'Eigene Maßnahme',
  },
  quick: {
    hint: 'Ein Tipp dokumentiert die Maßnahme sofort mit Uhrzeit und durchführender Person.',
  },
  search: {
    label: 'Maßnahme suchen',
    placeholder: 'z. B. Zugang, Sauerstoff, Druckverband',
    resultsLabel: 'Suchergebnisse',
    none: 'Keine passende Maßnahme gefunden.',
    count: (count: number) =>
      count >= treatmentSearchLimit ? `Die ersten ${treatmentSearchLimit} Treffer` : count === 1 ? '1 Treffer' : `${count} Treffer`,
  },
  catalogue: {
    schema: 'Schema',
    categoriesLabel: (schema: string) => `Kategorien: ${schema}`,
  },
  wizard: {
    title: 'Maßnahme dokumentieren',
    progress: (step: number, of: number) => `Schritt ${step} von ${of}`,
    next: 'Weiter',
    back: 'Zurück',
    cancel: 'Abbrechen',
    add: 'Hinzufügen',
    preview: 'Vorschau',
    previewHint: 'So wird die Maßnahme in das Protokoll eingetragen:',
    close: 'Schließen',
  },
  custom: {
    label: 'Eigene Maßnahme',
    placeholder: 'z. B. Splitter am Finger entfernt',
    add: 'Hinzufügen',
  },
  toasts: {
    added: 'Maßnahme dokumentiert',
    failed: 'Fehler beim Speichern',
    failedFallback: 'Die Maßnahme konnte nicht gespeichert werden.',
  },
} as const;
