/**
 * German texts of the record history (docs/decisions.md "Every change kept (§ 630f BGB)"): the
 * "irrtümlich" mark that replaces deleting, and the protocol's Änderungsverlauf.
 */
export const historyDe = {
  mark: {
    button: 'Irrtümlich',
    buttonLabel: (what: string) => `${what} als irrtümlich markieren`,
    title: 'Eintrag als irrtümlich markieren',
    explanation:
      'Der Eintrag wird nicht gelöscht: Er bleibt durchgestrichen sichtbar, mit Ihrer Begründung, Ihrem Namen und der Uhrzeit (§ 630f BGB).',
    reason: 'Begründung',
    reasonPlaceholder: 'z. B. falscher Patient, Tippfehler, doppelt erfasst',
    confirm: 'Als irrtümlich markieren',
    failed: 'Die Markierung konnte nicht gespeichert werden.',
    marked: (reason: string, at: string) => `Irrtümlich (${at}): ${reason}`,
  },
  history: {
    open: 'Änderungsverlauf',
    title: 'Änderungsverlauf',
    loading: 'Änderungsverlauf wird geladen …',
    empty: 'Bisher keine Änderungen.',
    sealed: 'Der Änderungsverlauf wurde bei der Entlassung mit dem Protokoll versiegelt und ist im Archiv einsehbar.',
    listLabel: 'Änderungen, älteste zuerst',
    change: (from: string, to: string) => `${from} → ${to}`,
    by: (at: string, who: string | null, device: string | null) =>
      [at, who ?? 'ohne Namen', device ? `Gerät ${device.slice(0, 8)}` : 'ohne Gerät (Web)'].join(' · '),
    // An edit of this device the outbox still holds (data/recordRevisions.ts).
    pendingBy: (at: string, who: string | null) => [at, who ?? 'ohne Namen', 'dieses Gerät, noch nicht übertragen'].join(' · '),
    // The other areas reuse the archive's section names (historyLabels.ts).
    treatmentEntry: 'Maßnahme',
    minorTreatment: 'Bagatellbehandlung',
    enteredInError: 'Als irrtümlich markiert',
    printHeaders: ['Zeit', 'Von', 'Gerät', 'Angabe', 'Alter Wert', 'Neuer Wert'],
    printOffline: 'Der Änderungsverlauf dieses Geräts war beim Drucken nicht lesbar.',
    printMarked: (reason: string) => ` – irrtümlich: ${reason}`,
  },
} as const;
