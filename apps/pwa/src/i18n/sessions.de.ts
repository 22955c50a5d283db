/** Texts of one's own sessions and devices (features/settings/SessionsCard.tsx) and a member's (features/organizations/MemberDevicesDialog.tsx). */
export const sessionsDe = {
  title: 'Angemeldete Geräte',
  intro:
    'Hier sehen Sie, wo Sie angemeldet sind. Eine Sitzung endet nach 8 Stunden ohne Verbindung und spätestens 12 Stunden nach der Anmeldung, mit „Angemeldet bleiben“ nach 3 Tagen ohne Verbindung und spätestens nach 14 Tagen.',
  thisDevice: 'Dieses Gerät',
  syncing: 'Gleicht Daten ab',
  lastUsed: 'Zuletzt genutzt',
  created: 'Angemeldet seit',
  end: 'Beenden',
  reportLost: 'Gerät als verloren melden',
  lostHint:
    'Ein als verloren gemeldetes Gerät wird sofort abgemeldet. Beim nächsten Kontakt mit dem Server überträgt es noch nicht gesendete Änderungen und löscht danach die Daten dieses Benutzers; bis dahin bleiben die Patientendaten darauf verschlüsselt.',
  ended: 'Sitzung beendet',
  reported: 'Gerät als verloren gemeldet',
  failed: 'Aktion fehlgeschlagen',
  loadFailed: 'Die Sitzungen konnten nicht geladen werden.',
  unknownDevice: 'Unbekanntes Gerät',
  memberDevices: 'Geräte',
  memberTitle: (name: string) => `Angemeldete Geräte von ${name}`,
  confirmReport: 'Ja, als verloren melden',
  noDevices: 'Keine angemeldeten Geräte.',
} as const;
