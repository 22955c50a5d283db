import { keyRecoveryDelayHours } from '@sanidok/schema';

/** Texts of the recovery of a lost organisation key and of the key warnings on every device. */
export const keyRecoveryDe = {
  lostKey: 'Schlüssel verloren?',
  title: 'Verlorenen Organisationsschlüssel ersetzen',
  explanation:
    'Ohne den bisherigen Schlüssel kann dieser Browser einen neuen erzeugen, der aber erst nach einer Wartezeit gilt. Protokolle, die mit dem verlorenen Schlüssel versiegelt wurden, bleiben unlesbar – auch für Sie.',
  waiting: `Der neue Schlüssel gilt erst ${keyRecoveryDelayHours} Stunden, nachdem Sie ihn mit dem Code Ihrer Authenticator-App bestätigt oder ein Administrator Ihrer Organisation ihn freigegeben hat. Bis dahin sehen alle Mitglieder einen Hinweis, Sie und die Administratoren erhalten eine E-Mail, und Sie oder ein Administrator können die Wiederherstellung abbrechen. Danach warnen die Geräte der Mitglieder, bis Sie den neuen Schlüssel bestätigen.`,
  password: 'Ihr Passwort',
  totpCode: 'Code aus der Authenticator-App',
  totpHint: 'Ohne Code muss ein Administrator Ihrer Organisation, der schon länger Mitglied ist, die Wiederherstellung freigeben.',
  submit: 'Wiederherstellung anfordern',
  cancel: 'Abbrechen',
  failed: 'Wiederherstellung konnte nicht angefordert werden',
  done: 'Wiederherstellung angefordert',
  doneText: (effectiveAt: string) => `Der neue Schlüssel gilt ab ${effectiveAt}. Bitte sichern Sie ihn jetzt: Er wird nur einmal angezeigt.`,
  doneAwaitingApproval: `Der neue Schlüssel gilt ${keyRecoveryDelayHours} Stunden, nachdem ein Administrator Ihrer Organisation ihn freigegeben hat. Bitte sichern Sie ihn jetzt: Er wird nur einmal angezeigt.`,
  // Banners on every device
  pendingTitle: (organization: string) => `Schlüssel von „${organization}“ wird ersetzt`,
  pendingText: (by: string, requestedAt: string, fingerprint: string, effectiveAt: string) =>
    `${by} hat am ${requestedAt} die Wiederherstellung des Organisationsschlüssels angefordert. Der neue Schlüssel (Fingerabdruck ${fingerprint}) gilt ab ${effectiveAt}. Ist das nicht mit dem Inhaber abgesprochen, können er oder ein Administrator sie abbrechen.`,
  awaitingApproval: (by: string, requestedAt: string, fingerprint: string) =>
    `${by} hat am ${requestedAt} die Wiederherstellung des Organisationsschlüssels angefordert (neuer Fingerabdruck ${fingerprint}), ohne sie mit einem zweiten Faktor zu bestätigen. Sie gilt erst ${keyRecoveryDelayHours} Stunden, nachdem ein Administrator sie freigegeben hat. Geben Sie sie nur frei, wenn Sie mit dem Inhaber persönlich gesprochen haben.`,
  approve: 'Wiederherstellung freigeben',
  approved: 'Die Wiederherstellung ist freigegeben.',
  unknownRequester: 'Jemand',
  cancelRecovery: 'Wiederherstellung abbrechen',
  cancelled: 'Die Wiederherstellung ist abgebrochen.',
  changedTitle: (organization: string) => `Neuer Schlüssel von „${organization}“ nicht bestätigt`,
  changedText: (known: string, current: string) =>
    `Dieses Gerät kannte den Schlüssel mit dem Fingerabdruck ${known}. Seit einer Wiederherstellung gilt der Schlüssel ${current}, den der Inhaber noch nicht bestätigt hat. Entlassungen werden mit dem neuen Schlüssel versiegelt. Fragen Sie den Inhaber, ob er den Schlüssel ersetzt hat.`,
  confirm: 'Neuen Schlüssel bestätigen',
  confirmed: 'Der neue Schlüssel ist bestätigt.',
  actionFailed: 'Organisationsschlüssel',
} as const;
