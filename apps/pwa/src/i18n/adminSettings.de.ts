import type { OperatorDetailField } from '@sanidok/schema';

/** The admin area's operator details, audit log and first-screen notices. */
export const adminSettingsDe = {
  tabs: {
    operator: 'Betreiber',
    auditLog: 'Audit-Log',
  },
  notices: {
    operatorMissingTitle: 'Impressum und Datenschutzerklärung nennen noch keinen Betreiber',
    operatorMissingText: 'Solange die Angaben des Betreibers fehlen, zeigen die Seiten Platzhalter und dürfen so nicht veröffentlicht werden.',
    operatorMissingAction: 'Betreiber eintragen',
    noEmailTitle: 'E-Mail ist nicht eingerichtet',
    noEmailText:
      'Es gibt keine aktive SMTP-Konfiguration. SaniDok versendet deshalb keine E-Mails: weder Einladungen noch Links zum Zurücksetzen des Passworts oder Warnungen an die Administration.',
    noEmailAction: 'E-Mail einrichten',
  },
  operator: {
    intro:
      'Diese Angaben erscheinen im Impressum und in der Datenschutzerklärung. Sie sind öffentlich lesbar und werden auf den Geräten für die Offline-Nutzung gespeichert.',
    labels: {
      name: 'Name des Betreibers bzw. Firma und Rechtsform',
      address: 'Anschrift (Straße, PLZ und Ort, Land)',
      email: 'E-Mail-Adresse',
      phone: 'Telefonnummer',
      representative: 'Vertretungsberechtigt und inhaltlich verantwortlich',
      registerDetails: 'Registereintrag und USt-IdNr. (falls vorhanden)',
      dataProtectionOfficer: 'Datenschutzbeauftragte(r) mit Kontaktdaten',
      supervisoryAuthority: 'Zuständige Datenschutz-Aufsichtsbehörde mit Anschrift',
      processors: 'Auftragsverarbeiter: Hosting und E-Mail-Versand mit Sitz und Serverstandort',
    } satisfies Record<OperatorDetailField, string>,
    save: 'Angaben speichern',
    saved: 'Die Betreiberangaben sind gespeichert.',
    lastSaved: (when: string) => `Zuletzt gespeichert: ${when}`,
  },
  auditLog: {
    intro: 'Die letzten 200 Handlungen der Plattformadministration und abgelehnte Zugriffsversuche, neueste zuerst.',
    tableLabel: 'Audit-Log',
    none: 'Noch keine Einträge.',
    time: 'Zeitpunkt',
    actor: 'Wer',
    action: 'Aktion',
    target: 'Ziel',
    details: 'Details',
    ip: 'IP-Adresse',
  },
} as const;
