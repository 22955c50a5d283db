import type { ProcessingRecord } from '@sanidok/schema';
import { accessLogRetentionDays, legalMinimumRetentionYears, patientDataKeys, patientDataLabels, protocolClinicalFields, protocolFieldLabels } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { archiveAccessFailureRetentionDays } from '../admin/archiveFailures';
import { emailLogRetentionDays } from '../mail/logs';
import { authorize } from '../organizations/policy';
import { getOperatorDetails } from '../settings/operatorDetails';
import { quarantineRetentionDays } from '../sync/quarantine';

/**
 * The record of processing activities (Art. 30 Abs. 1 DSGVO) of one organisation, as Markdown
 * for its data protection officer (docs/decisions.md "Retention and deletion"). Built from the
 * organisation's settings and the constants the code runs by, so that each sentence stays true
 * of the code: field lists from packages/schema, periods from the jobs (plugins/jobs.ts,
 * docs/deletion.md). What the code cannot know (legal basis check, DPO, further systems) is
 * marked for the organisation to complete.
 */

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

const safeName = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'Organisation';

export async function processingRecord(ctx: QueryContext, organizationId: unknown, today: string = new Date().toISOString()): Promise<ProcessingRecord> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'viewProcessingRecord', false);
  const owner = await ctx.db
    .selectFrom('organizationMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.username', 'u.fullName', 'u.email'])
    .where('m.organizationId', '=', organization.id)
    .where('m.role', '=', 'owner')
    .executeTakeFirst();
  const { operator } = await getOperatorDetails(ctx.db);
  const years = organization.retentionYears;
  const ownerContact = owner ? [owner.fullName, owner.username, owner.email].filter(Boolean).join(', ') : 'kein Inhaber eingetragen';
  const operatorText = operator
    ? `${operator.name}, ${operator.address}, ${operator.email}; Datenschutzbeauftragte/r des Betreibers: ${operator.dataProtectionOfficer}; weitere Auftragsverarbeiter laut Betreiber: ${operator.processors}`
    : 'Die Angaben des Betreibers sind noch nicht eingetragen (Verwaltungsbereich, „Betreiber“)';

  const markdown = `# Verzeichnis von Verarbeitungstätigkeiten (Art. 30 Abs. 1 DSGVO)

Erstellt von SaniDok am ${today.slice(0, 10)} aus den Einstellungen der Organisation. Die Angaben beschreiben, was SaniDok tut; was die Software nicht wissen kann, ist mit **[ergänzen]** markiert.

## 1. Verantwortlicher

- Organisation: ${organization.name}${organization.description ? ` (${organization.description})` : ''}
- Inhaber in SaniDok (Kontakt): ${ownerContact}
- Datenschutzbeauftragte/r der Organisation: **[ergänzen]**

## 2. Verarbeitungstätigkeit: Dokumentation im Sanitätsdienst

**Zweck:** Dokumentation der Versorgung von Patientinnen und Patienten bei Sanitätsdiensten (Patientenprotokolle, Bagatellbehandlungen, Vitalwerte, Maßnahmen, Übergabe), Aufbewahrung nach § 630f BGB, Einsatzplanung der Dienste.

**Rechtsgrundlage:** **[ergänzen und prüfen]**, in Betracht kommen Art. 9 Abs. 2 lit. h DSGVO mit § 22 Abs. 1 Nr. 1 lit. b BDSG und Art. 9 Abs. 2 lit. c DSGVO.

**Betroffene Personen:** versorgte Patientinnen und Patienten; Mitglieder der Organisation, die dokumentieren.

**Kategorien personenbezogener Daten:**

${list([
    `Angaben zur Person im Patientenprotokoll: ${patientDataKeys.map((key) => patientDataLabels[key]).join(', ')}.`,
    `Medizinische Angaben (Gesundheitsdaten, Art. 9 DSGVO): ${protocolClinicalFields.map((field) => protocolFieldLabels[field]).join(', ')}, Vitalwerte, Maßnahmen, Art der Entlassung, Übergabe und Bemerkung.`,
    'Bagatellbehandlungen: Name (verschlüsselt gespeichert) und Beschreibung.',
    'MANV-Lage: Anhängekartennummer, Sichtungskategorie, Zeiten, Transport; Name, Geschlecht, geschätztes Alter und Verdachtsdiagnose verschlüsselt, gelöscht mit der Archivierung des Dienstes.',
    'Änderungsverlauf jedes Protokolls: alter und neuer Wert, wer, wann, welches Gerät.',
    'Mitglieder: Benutzername, Name, E-Mail-Adresse, Rolle, Einteilung in Dienste.',
    `Zugriffsprotokolle (Öffnen, Drucken, Export von Patientendaten): Benutzer, Zeitpunkt, IP-Adresse, Browser; gelöscht nach ${accessLogRetentionDays} Tagen.`,
  ])}

**Empfänger:**

${list([
    'Die Mitglieder der Organisation, die dem Dienst zugeordnet sind (eingeteilt, Ersteller oder mit dem Zugangscode beigetreten), bis 24 Stunden nach dem geplanten Ende des Dienstes und bis zu seiner Archivierung.',
    'Der Inhaber der Organisation im Patientenarchiv, nach dem Nachweis des Organisationsschlüssels; die versiegelten Angaben zur Person kann nur er mit diesem Schlüssel entschlüsseln.',
    'Rettungsdienst oder Klinik bei einer Übergabe, wenn das Team einen Übergabedruck, einen Protokolldruck oder einen FHIR-Export erstellt und weitergibt.',
    `Der Betreiber der SaniDok-Installation als Auftragsverarbeiter (Art. 28 DSGVO): ${operatorText}. Plattformadministratoren erhalten keine Patientendaten; versiegelte Angaben zur Person kann der Server nicht öffnen.`,
  ])}

**Übermittlung in Drittländer:** SaniDok selbst übermittelt keine Daten an weitere Stellen; ob der Betrieb Drittländer berührt, ergibt sich aus den Angaben des Betreibers. **[prüfen]**

## 3. Löschfristen

${list([
    `Versiegelte Patientenprotokolle (entlassen oder Dienst archiviert) mit Angaben zur Person, medizinischen Angaben, Vitalwerten, Maßnahmen und Änderungsverlauf sowie die Bagatellbehandlungen archivierter Dienste: ${years} Jahre nach der Entlassung bzw. Archivierung (Einstellung der Organisation, mindestens ${legalMinimumRetentionYears} Jahre nach § 630f Abs. 3 BGB); ohne Entlassung und bei Bagatellbehandlungen zählt die letzte Änderung des archivierten Dienstes. Ein täglicher Löschlauf löscht sie auf dem Server; Geräte löschen sie beim nächsten Abgleich. Es bleibt ein Löschnachweis ohne Patientendaten (Dienst, Datum, Anzahl).`,
    'Offene Protokolle und Bagatellbehandlungen nicht archivierter Dienste werden nicht automatisch gelöscht.',
    `Zugriffsprotokolle: ${accessLogRetentionDays} Tage. Fehlversuche am Patientenarchiv: ${archiveAccessFailureRetentionDays} Tage. Protokolle versandter E-Mails: ${emailLogRetentionDays} Tage. Vom Server abgewiesene Änderungen: ${quarantineRetentionDays} Tage.`,
    'Daten auf den Geräten: Angaben zur Person bis zur bestätigten Entlassung, Patientendaten eines Dienstes bis zum Ende des Zeitfensters; alles bei der Abmeldung.',
  ])}

## 4. Technische und organisatorische Maßnahmen (Art. 32 DSGVO)

${list([
    'Angaben zur Person auf dem Server mit AES-256-GCM unter einem Serverschlüssel verschlüsselt; nach der Entlassung mit dem öffentlichen Organisationsschlüssel versiegelt (HPKE, RFC 9180), den geheimen Schlüssel hat nur der Inhaber.',
    'Patientendaten auf den Geräten verschlüsselt gespeichert; Sperre des Geräts nach Inaktivität (Einstellung des Inhabers).',
    'Zugriff auf Patientendaten nur für das Team des Dienstes im Zeitfenster; Rollen Inhaber, Administrator, Mitglied.',
    'Jede Änderung eines Protokolls mit altem Wert, Person und Zeitpunkt festgehalten (§ 630f Abs. 1 BGB); Zugriffe protokolliert.',
    'Zweiter Faktor (TOTP) für Konten verfügbar.',
  ])}
`;
  return { fileName: `Verarbeitungsverzeichnis-${safeName(organization.name)}-${today.slice(0, 10)}.md`, markdown };
}
