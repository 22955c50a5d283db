import type { TeamJoinMethod } from '@sanidok/schema';
import { formatDateTime, serviceTeamMessages } from '@sanidok/schema';

/**
 * German texts of the service team (Einteilung), the access code and joining
 * (docs/security.md "Patient data follows the team"). Server refusals arrive as the server's own
 * German `message` (serviceTeamMessages in packages/schema); only the offline case is worded here.
 */
export const serviceTeamsDe = {
  tab: 'Team',
  /**
   * In place of a patient's name the device does not hold: the reader is not on the service's
   * team, or the service is past its patient-data window (sync/purgeScope.ts).
   */
  nameHidden: 'Name nur für das Team sichtbar',
  /** A protocol edit refused on the device: its clinical part was withheld (sync/purgeClinical.ts). */
  clinicalWithheld:
    'Die medizinischen Angaben dieses Protokolls sind nur für das Team des Sanitätsdienstes sichtbar. Ohne sie kann das Protokoll auf diesem Gerät nicht bearbeitet werden.',
  title: 'Team (Einteilung)',
  intro: 'Patientendaten dieses Sanitätsdienstes gelangen nur auf die Geräte der Personen im Team.',
  listLabel: 'Team des Sanitätsdienstes',
  empty: 'Diesem Sanitätsdienst ist noch niemand zugeteilt.',
  you: 'Sie',
  methods: {
    assigned: 'Eingeteilt',
    creator: 'Ersteller',
    accessCode: 'Zugangscode',
  } satisfies Record<TeamJoinMethod, string>,
  /** Who put the person on the team, when and how (the team's history as the list shows it). */
  addedLine: (method: TeamJoinMethod, by: string | null, at: string): string => {
    const when = formatDateTime(at);
    if (method === 'creator') return `Hat den Dienst erstellt (${when})`;
    if (method === 'accessCode') return `Mit Zugangscode beigetreten am ${when}`;
    return by ? `Eingeteilt von ${by} am ${when}` : `Eingeteilt am ${when}`;
  },
  edit: 'Team bearbeiten',
  editTitle: 'Team bearbeiten',
  editIntro: 'Wählen Sie die Mitglieder der Organisation, die diesem Sanitätsdienst zugeteilt sind.',
  membersLabel: 'Mitglieder der Organisation',
  membersLoading: 'Mitglieder werden geladen …',
  save: 'Speichern',
  saving: 'Speichern...',
  cancel: 'Abbrechen',
  saved: 'Team gespeichert',
  savedText: 'Die Einteilung wurde gespeichert.',
  error: 'Fehler',
  onlineOnly: 'Das Team kann nur mit Internetverbindung geändert werden.',
  notOnTeam: {
    title: 'Sie sind diesem Sanitätsdienst nicht zugeteilt',
    text: 'Patientendaten dieses Dienstes sehen nur die Personen im Team. Vor Ort treten Sie mit dem Zugangscode des Dienstes bei.',
    join: 'Mit Zugangscode beitreten',
    notRunning: 'Beitreten mit dem Zugangscode ist möglich, solange der Dienst läuft. Bis dahin kann Sie der Inhaber oder ein Administrator einteilen.',
  },
  join: {
    title: 'Mit Zugangscode beitreten',
    code: 'Zugangscode',
    submit: 'Beitreten',
    submitting: 'Beitreten...',
    cancel: 'Abbrechen',
    joined: 'Beigetreten',
    joinedText: (service: string) => `Sie sind jetzt im Team von „${service}“. Die Patientendaten werden geladen.`,
    offline: serviceTeamMessages.offline,
  },
  accessCode: {
    title: 'Zugangscode',
    none: 'Kein Zugangscode vergeben',
    hint: 'Wer den Code eingibt oder den QR-Code scannt, tritt dem Team bei. Ein neuer Code beendet keine bestehende Zuteilung.',
    qrLabel: (service: string) => `QR-Code zum Beitreten: ${service}`,
    regenerate: 'Code neu erzeugen',
    regenerated: 'Neuer Zugangscode erzeugt',
    regeneratedText: 'Der alte Code gilt nicht mehr; wer schon im Team ist, bleibt es.',
  },
  joinRoute: {
    title: 'Sanitätsdienst beitreten',
    joining: 'Beitritt wird geprüft …',
    failed: 'Beitritt nicht möglich',
    toService: 'Zum Sanitätsdienst',
  },
  protocolKey: {
    opening: 'Zugangscode wird geprüft …',
    waiting: 'Die Patientendaten werden geladen …',
    failed: 'Protokoll kann nicht geöffnet werden',
  },
} as const;
