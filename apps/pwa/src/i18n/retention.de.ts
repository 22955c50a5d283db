import { legalMinimumRetentionYears } from '@sanidok/schema';

/** Retention period and the record of processing activities in the organisation's detail (docs/deletion.md). */
export const retentionDe = {
  title: 'Aufbewahrung und Datenschutz',
  period: 'Aufbewahrungsfrist versiegelter Dokumentation (Jahre)',
  periodText: `Protokolle entlassener Patienten und die Dokumentation archivierter Dienste werden so viele Jahre nach der Entlassung bzw. Archivierung auf dem Server und beim nächsten Abgleich auf allen Geräten endgültig gelöscht. Gesetzliches Minimum: ${legalMinimumRetentionYears} Jahre (§ 630f Abs. 3 BGB); eine längere Frist ist möglich.`,
  save: 'Frist speichern',
  saved: 'Aufbewahrungsfrist gespeichert',
  savedText: (years: number) => `Versiegelte Dokumentation wird ${years} Jahre nach der Entlassung bzw. Archivierung gelöscht.`,
  failed: 'Aufbewahrungsfrist nicht gespeichert',
  current: (years: number) => `Aufbewahrungsfrist versiegelter Dokumentation: ${years} Jahre nach der Entlassung bzw. Archivierung.`,
  processingRecord: 'Verarbeitungsverzeichnis herunterladen',
  processingRecordText: 'Verzeichnis von Verarbeitungstätigkeiten (Art. 30 DSGVO) der Organisation als Markdown-Datei, für Ihre Datenschutzbeauftragte oder Ihren Datenschutzbeauftragten.',
  processingRecordFailed: 'Verarbeitungsverzeichnis nicht abrufbar',
  deletions: 'Löschnachweise',
  deletionsText: 'Was nach Ablauf der Aufbewahrungsfrist gelöscht wurde, ohne Patientendaten.',
  deletedAt: 'Gelöscht am',
  service: 'Dienst',
  serviceGone: 'Dienst gelöscht',
  closed: 'Entlassen bzw. archiviert',
  counts: 'Gelöscht',
  countText: (protocols: number, minor: number) => `${protocols} ${protocols === 1 ? 'Protokoll' : 'Protokolle'}, ${minor} ${minor === 1 ? 'Bagatellbehandlung' : 'Bagatellbehandlungen'}`,
} as const;
