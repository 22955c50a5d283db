/**
 * German texts of the offline data layer and the sync indicator. Kept apart from de.ts (which is
 * re-exported from there) so the sync feature owns its catalogue.
 */
export const syncDe = {
  indicator: {
    label: 'Synchronisation',
    online: 'Online',
    offline: 'Offline',
    syncing: 'Synchronisiert …',
    pendingOne: '1 Änderung ausstehend',
    pendingMany: (count: number) => `${count} Änderungen ausstehend`,
    allSynced: 'Alle Änderungen übertragen',
    lastSync: 'Letzte Synchronisation',
    neverSynced: 'Noch nicht synchronisiert',
    rejectedTitle: 'Abgelehnte Änderungen',
    rejectedHint: 'Der Server hat diese Änderungen nicht übernommen. Sie sind dort mit dem Grund gespeichert und gehen nicht verloren.',
    rejectedFallback: 'Die Änderung wurde vom Server abgelehnt.',
    dismissRejected: 'Hinweise ausblenden',
    authRequired: 'Anmeldung erforderlich',
    authRequiredText: 'Ihre Sitzung ist abgelaufen. Erfassen können Sie weiterhin; übertragen wird erst nach der erneuten Anmeldung.',
    signInAgain: 'Erneut anmelden',
    deviceLostPending:
      'Dieses Gerät wurde als verloren gemeldet. Noch nicht übertragene Änderungen werden gesendet, sobald das Gerät entsperrt ist oder Sie sich erneut angemeldet haben; danach werden die Daten auf diesem Gerät gelöscht.',
    schemaMismatch: 'App-Version veraltet',
    reload: 'Seite neu laden',
    error: 'Synchronisation fehlgeschlagen',
    retry: 'Jetzt synchronisieren',
    storageDenied:
      'Der Browser hat dauerhaften Speicher abgelehnt. Bei Speicherknappheit könnte er lokale Daten löschen. Installieren Sie SaniDok auf dem Startbildschirm und synchronisieren Sie regelmäßig.',
    open: 'Synchronisationsstatus anzeigen',
  },
  mutationLabels: {
    'service.create': 'Sanitätsdienst angelegt',
    'service.update': 'Sanitätsdienst geändert',
    'service.archive': 'Sanitätsdienst archiviert',
    'service.complete': 'Sanitätsdienst abgeschlossen',
    'service.delete': 'Sanitätsdienst gelöscht',
    'minorTreatment.create': 'Bagatellbehandlung erfasst',
    'materialUsage.add': 'Material erfasst',
    'materialUsage.refill': 'Material aufgefüllt',
    'protocol.create': 'Patientenprotokoll erstellt',
    'protocol.update': 'Patientenprotokoll geändert',
    'protocol.discharge': 'Patient entlassen',
    'vitals.record': 'Vitalparameter erfasst',
    'treatmentEntry.add': 'Maßnahme dokumentiert',
    'vitals.markInError': 'Messung als irrtümlich markiert',
    'treatmentEntry.markInError': 'Maßnahme als irrtümlich markiert',
    'minorTreatment.markInError': 'Bagatellbehandlung als irrtümlich markiert',
    'accessLog.record': 'Zugriff protokolliert',
  } as Record<string, string>,
  unknownMutation: 'Änderung',
  logout: {
    title: 'Nicht übertragene Änderungen',
    textOne: '1 Änderung wurde noch nicht an den Server übertragen.',
    textMany: (count: number) => `${count} Änderungen wurden noch nicht an den Server übertragen.`,
    keepHint:
      'Wenn Sie sich jetzt abmelden, bleiben diese Änderungen auf diesem Gerät gespeichert und werden nach Ihrer nächsten Anmeldung übertragen. Löschen Sie bis dahin keine Browserdaten.',
    cancel: 'Abbrechen',
    confirm: 'Abmelden und Änderungen behalten',
  },
  errors: {
    serviceNotFound: 'Der Sanitätsdienst wurde auf diesem Gerät nicht gefunden.',
    organizationUnknown: 'Diese Organisation ist auf diesem Gerät nicht verfügbar. Bitte synchronisieren Sie zuerst.',
    noProgress: 'Der Server hat die gesendeten Änderungen nicht bestätigt. Es wird später erneut versucht.',
  },
} as const;
