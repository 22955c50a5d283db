// German legal texts: Datenschutzerklärung, Impressum, Nutzungsbedingungen. Every statement docs/spec/accounts.md §1
// requires is carried by `keyFacts` (shown on all three pages) and explained in detail in the documents.
// The encryption wording follows docs/spec/design.md §5: HPKE (RFC 9180) with AES-256-GCM as payload cipher.
// Operator-specific data comes from the admin area as `{betreiber:<field>}` tokens; until it is entered the
// page renders a highlighted '[Platzhalter: …]' so it cannot slip into production unnoticed.
import type { OperatorDetailField } from '@sanidok/schema';
import { legalMinimumRetentionYears } from '@sanidok/schema';

/**
 * One block of a legal text: a plain string is a paragraph; `list` is a bulleted list; `address`
 * is a block of lines (postal address, contact data) rendered without bullets.
 */
export type LegalBlock = string | { readonly list: readonly string[] } | { readonly address: readonly string[] };

export interface LegalSubsection {
  readonly heading: string;
  readonly blocks: readonly LegalBlock[];
}

export interface LegalSection {
  readonly heading: string;
  readonly blocks: readonly LegalBlock[];
  readonly subsections?: readonly LegalSubsection[];
}

export interface LegalDocument {
  /** Used for the h1 and the browser tab title. */
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
}

interface LegalCatalogue {
  readonly stand: string;
  readonly backToHome: string;
  readonly placeholderPrefix: string;
  readonly placeholderHint: string;
  readonly operatorFields: Readonly<Record<OperatorDetailField, string>>;
  readonly noRegisterDetails: string;
  readonly otherDocuments: string;
  readonly documentTitleSuffix: string;
  readonly keyFacts: { readonly heading: string; readonly items: readonly string[] };
  readonly links: { readonly privacy: string; readonly imprint: string; readonly terms: string };
  readonly privacy: LegalDocument;
  readonly imprint: LegalDocument;
  readonly terms: LegalDocument;
}

/**
 * The operator's details are entered by a platform admin (admin area, 'Betreiber') and read from
 * GET /api/legal/operator; the texts hold `{betreiber:<field>}` tokens for them (LegalText.tsx),
 * shown as a marked placeholder until they are entered.
 */
const operator = (field: OperatorDetailField) => `{betreiber:${field}}`;
const operatorAddress = [operator('name'), operator('address')] as const;

export const legalDe = {
  stand: 'Stand: November 2026',
  backToHome: 'Zurück zur Startseite',
  placeholderPrefix: '[Platzhalter:',
  placeholderHint: 'Platzhalter – die Plattformadministration trägt die Angaben des Betreibers im Verwaltungsbereich ein',
  operatorFields: {
    name: 'Name des Betreibers bzw. Firma und Rechtsform',
    address: 'Anschrift',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    representative: 'vertretungsberechtigte und inhaltlich verantwortliche Person',
    registerDetails: 'Registereintrag und Umsatzsteuer-Identifikationsnummer',
    dataProtectionOfficer: 'Datenschutzbeauftragte(r) mit Kontaktdaten',
    supervisoryAuthority: 'zuständige Landesdatenschutzbehörde mit Anschrift',
    processors: 'Hosting-Anbieter und E-Mail-Versanddienst mit Sitz und Serverstandort',
  },
  noRegisterDetails: 'Kein Registereintrag, keine Umsatzsteuer-Identifikationsnummer.',
  otherDocuments: 'Weitere rechtliche Informationen',
  documentTitleSuffix: ' – SaniDok',
  links: {
    privacy: 'Datenschutzerklärung',
    imprint: 'Impressum',
    terms: 'Nutzungsbedingungen',
  },
  keyFacts: {
    heading: 'Das Wichtigste in Kürze',
    items: [
      'Nur für Volljährige (18+): SaniDok darf nur nutzen, wer das 18. Lebensjahr vollendet hat.',
      'Die Nutzung setzt die Mitgliedschaft in einer Organisation voraus – Sie gründen eine eigene Organisation oder werden in eine bestehende eingeladen.',
      'Solange der Beta-Betrieb aktiv ist, ist für die Registrierung ein gültiger Beta-Code erforderlich.',
      'Die Nutzung von SaniDok ist kostenlos.',
      'Patientendaten eines Dienstes – Angaben zur Person ebenso wie medizinische Angaben, Vitalwerte und Maßnahmen – sind nur für die dem Dienst zugeordneten Mitglieder der Organisation sichtbar (von der Planung bis 24 Stunden nach dem geplanten Ende des Dienstes und nur bis zu seiner Archivierung); auch Inhaber und Administratoren sehen sie nur bei Diensten, denen sie zugeordnet sind.',
      'Nach der Entlassung werden die Angaben zur Person mit AES-256-GCM verschlüsselt und mit dem öffentlichen Schlüssel der Organisation versiegelt (HPKE nach RFC 9180: X25519, HKDF-SHA256, AES-256-GCM). Lesen kann sie danach nur der Inhaber der Organisation mit dem Organisationsschlüssel – Plattformadministratoren können es nicht. Die medizinischen Angaben werden dabei noch nicht versiegelt (Abschnitt 3.2).',
      'Zugriffsprotokolle (Öffnen eines Patientenprotokolls oder der Patientenliste eines Dienstes, Anzeigen des vollständigen Namens bei einer Bagatellbehandlung, Drucken, FHIR-Export) werden höchstens 90 Tage aufbewahrt und danach gelöscht.',
      'SaniDok ist ein Werkzeug für Dokumentation und Organisation und kein Medizinprodukt im Sinne der MDR (Verordnung (EU) 2017/745).',
    ],
  },

  privacy: {
    title: 'Datenschutzerklärung',
    intro:
      'Mit dieser Datenschutzerklärung informieren wir Sie nach Art. 13 und 14 DSGVO darüber, welche personenbezogenen Daten bei der Nutzung von SaniDok verarbeitet werden, zu welchen Zwecken, auf welcher Rechtsgrundlage, wie lange und welche Rechte Sie haben.',
    sections: [
      {
        heading: '1. Verantwortlicher',
        blocks: [
          'Verantwortlicher im Sinne von Art. 4 Nr. 7 DSGVO für die Verarbeitung der Konto-, Protokoll- und Nutzungsdaten der Plattform ist:',
          { address: [...operatorAddress, `E-Mail: ${operator('email')}`, `Telefon: ${operator('phone')}`] },
          `Datenschutzbeauftragte bzw. Datenschutzbeauftragter: ${operator('dataProtectionOfficer')}`,
          'Für Patientendaten, die eine Organisation in SaniDok dokumentiert, ist die jeweilige Organisation Verantwortliche. Wir verarbeiten diese Daten ausschließlich in ihrem Auftrag und nach ihren Weisungen als Auftragsverarbeiter nach Art. 28 DSGVO (siehe Abschnitt 3.2).',
        ],
      },
      {
        heading: '2. Wer SaniDok nutzen darf',
        blocks: [
          'SaniDok richtet sich ausschließlich an Volljährige (18+), die in Sanitätsdiensten und Erste-Hilfe-Teams tätig sind. Für die Nutzung ist die Mitgliedschaft in einer Organisation erforderlich. Solange der Beta-Betrieb aktiv ist, ist für die Registrierung ein gültiger Beta-Code erforderlich. Die Nutzung ist kostenlos; wir finanzieren uns nicht über Werbung und geben keine Daten zu Werbezwecken weiter.',
        ],
      },
      {
        heading: '3. Welche Daten wir verarbeiten',
        blocks: [],
        subsections: [
          {
            heading: '3.1 Kontodaten',
            blocks: [
              'Bei der Registrierung und Nutzung Ihres Kontos verarbeiten wir:',
              {
                list: [
                  'Benutzername, E-Mail-Adresse (und, wenn Sie sie über den Link bestätigen, den Zeitpunkt der Bestätigung) und – freiwillig – Ihren vollständigen Namen,',
                  'Ihr Passwort, ausschließlich als Hash nach dem Verfahren Argon2id (wir kennen Ihr Passwort nicht),',
                  'wenn Sie die Zwei-Faktor-Anmeldung nutzen: den Schlüssel Ihrer Authenticator-App (verschlüsselt gespeichert), den Zeitabschnitt des zuletzt verwendeten Codes und Ihre Wiederherstellungscodes, nur als nicht umkehrbare Prüfwerte,',
                  'Zeitpunkt der Registrierung, Ihre Mitgliedschaften und Rollen in Organisationen (Inhaber, Administrator, Mitglied) sowie Einladungen,',
                  'im Beta-Betrieb den verwendeten Beta-Code mit Zeitpunkt, IP-Adresse und Browserkennung (User-Agent) der Einlösung, um Missbrauch von Beta-Codes zu erkennen,',
                  'Protokolle über an Sie versandte Service-E-Mails (Empfänger, Betreff, Zeitpunkt, Zustellstatus).',
                ],
              },
            ],
          },
          {
            heading: '3.2 Patientendaten (Gesundheitsdaten)',
            blocks: [
              'In Patientenprotokollen dokumentieren die Mitglieder einer Organisation Angaben zu versorgten Personen: Name, Geburtsdatum, Geschlecht, Kontaktdaten, Anschrift, Krankenversicherung, Notfallkontakt, Allergien, Medikation, Vorerkrankungen, Anamnese, Befunde, Vitalparameter, Behandlungen und Angaben zur Entlassung. Das sind Gesundheitsdaten und damit besondere Kategorien personenbezogener Daten nach Art. 9 DSGVO.',
              'Diese Daten verarbeiten wir im Auftrag der Organisation (Art. 28 DSGVO). Die Organisation stützt die Dokumentation insbesondere auf Art. 9 Abs. 2 lit. h DSGVO in Verbindung mit § 22 Abs. 1 Nr. 1 lit. b BDSG (Gesundheitsversorgung und Dokumentationspflicht) sowie auf Art. 9 Abs. 2 lit. c DSGVO (Schutz lebenswichtiger Interessen).',
              'Vitalparameter und Behandlungen werden getrennt von den Patientendaten (Name, Geburtsdatum, Kontaktdaten usw.) gespeichert.',
              'Die Patientendaten eines Dienstes – die Angaben zur Person in Patientenprotokollen, die medizinischen Angaben (Beschwerden, Ersteinschätzung, Allergien, Medikation, Vorerkrankungen, Symptome, Hinweise, Helfer, Vitalwerte, Maßnahmen, Entlassziel, Übergabe und Bemerkungen) und bei Bagatellbehandlungen Name und Beschreibung – sind nur für die dem Dienst zugeordneten Mitglieder der Organisation sichtbar, damit sie die Versorgung dokumentieren und Übergaben drucken können: für Mitglieder, die der Inhaber oder ein Administrator eingeteilt hat, die den Dienst angelegt haben oder die ihm vor Ort mit seinem Zugangscode beigetreten sind. Auch Inhaber und Administratoren sehen sie nur bei Diensten, denen sie zugeordnet sind; jede Einteilung und jeder Beitritt wird mit Person und Zeitpunkt festgehalten. Sichtbar sind die Daten von der Planung bis 24 Stunden nach dem geplanten Ende des Dienstes und nur bis zu seiner Archivierung. Wer dem Dienst nicht mehr zugeordnet ist oder die Organisation verlässt, erhält sie nicht mehr; auf den Geräten werden sie beim nächsten Abgleich gelöscht, sobald die dort erfassten Änderungen übertragen sind. Auf dem Server sind die Angaben zur Person und die Namen bei Bagatellbehandlungen in dieser Zeit zusätzlich mit einem Serverschlüssel nach AES-256-GCM verschlüsselt gespeichert; die medizinischen Angaben liegen dort unverschlüsselt in der Datenbank.',
              'Nach der Entlassung – und für noch offene Protokolle spätestens mit der Archivierung des Dienstes – werden die Angaben zur Person mit AES-256-GCM verschlüsselt: Sie werden mit dem öffentlichen Schlüssel der Organisation versiegelt (HPKE nach RFC 9180 mit DHKEM(X25519, HKDF-SHA256), HKDF-SHA256 und AES-256-GCM). Der geheime Organisationsschlüssel entsteht im Browser des Inhabers und wird nur ihm einmalig angezeigt; unser Server erhält ausschließlich den öffentlichen Schlüssel. Deshalb kann nur der Inhaber der Organisation mit dem Organisationsschlüssel die archivierten Daten lesen – weder Plattformadministratoren noch wir als Betreiber können sie entschlüsseln. Die unverschlüsselte Fassung wird danach auf dem Server und auf den Geräten gelöscht.',
              'Die medizinischen Angaben werden bei der Entlassung noch nicht versiegelt: Sie bleiben auf dem Server gespeichert, in der Anwendung sichtbar nur für die zugeordneten Mitglieder im genannten Zeitfenster und danach nur im Archiv für den Inhaber mit dem Organisationsschlüssel. Statistiken enthalten keine medizinischen Angaben; der Einsatzbericht zählt Maßnahmen, Arten von Bagatellbehandlungen und Transportziele nur für die zugeordneten Mitglieder.',
              'Geht der Organisationsschlüssel verloren, können archivierte Patientendaten von niemandem wiederhergestellt werden.',
            ],
          },
          {
            heading: '3.3 Zugriffsprotokolle',
            blocks: [
              'Zur Nachvollziehbarkeit von Zugriffen auf Gesundheitsdaten protokollieren wir diese Vorgänge:',
              {
                list: [
                  'das Öffnen eines Patientenprotokolls – in der Protokollliste, auf der Bearbeitungsseite und beim Abruf aus dem Patientenarchiv,',
                  'das Öffnen der Patientenliste eines Dienstes (Reiter „Patientenprotokolle“ mit den Namen der Patienten),',
                  'das Anzeigen des vollständigen Patientennamens einer Bagatellbehandlung („Details“; in den Listen sind die Namen gekürzt),',
                  'das Drucken einer RTW-Übergabe oder eines vollständigen Protokolls, auch aus dem Patientenarchiv,',
                  'den Export eines Protokolls als FHIR-Dokument (für die Übergabe an Rettungsdienst oder Klinik),',
                  'das Öffnen der Personenliste eines MANV (Anhängekarten mit Namen) und deren Export als PDF oder CSV für die Personenauskunftsstelle,',
                  'Änderungen der Einteilung eines Dienstes und den Beitritt mit dem Zugangscode,',
                  'Fehlversuche, das Patientenarchiv zu öffnen, die Erneuerung des Organisationsschlüssels (auch über die Wiederherstellung) und abgelehnte Versuche dazu sowie das Zurücksetzen des Passworts des Inhabers durch die Plattformadministration.',
                ],
              },
              'Gespeichert werden: Benutzer und dessen E-Mail-Adresse, Organisation, Dienst, Protokoll (bei einer Bagatellbehandlung deren Kennung, nicht der Name), Art der Aktion, Zeitpunkt, IP-Adresse und Browserkennung (User-Agent). Offline ausgeführte Vorgänge werden mit ihrem tatsächlichen Zeitpunkt nachgetragen, sobald das Gerät wieder verbunden ist.',
              'Die Zugriffsprotokolle sind nur für den Inhaber der Organisation sichtbar; in der Anzeige werden IP-Adressen gekürzt. Einträge werden höchstens 90 Tage aufbewahrt und danach durch einen täglichen Löschlauf automatisch gelöscht.',
              'Versuche, das Patientenarchiv mit einem falschen Schlüssel zu öffnen, werden mit Benutzer, Organisation, Dienst, Zeitpunkt und IP-Adresse festgehalten; nach fünf Fehlversuchen wird die Plattformadministration benachrichtigt. Auch diese Einträge werden nach höchstens 90 Tagen gelöscht.',
            ],
          },
          {
            heading: '3.4 Sitzungscookie – kein Tracking',
            blocks: [
              'Nach der Anmeldung setzen wir genau drei Cookies, alle technisch notwendig und ohne Einwilligung zulässig nach § 25 Abs. 2 Nr. 2 TDDDG:',
              {
                list: [
                  '„sanidok_session“ enthält eine zufällige Sitzungskennung (HttpOnly, SameSite=Lax, bei HTTPS Secure), damit Sie angemeldet bleiben.',
                  '„sanidok_signed_in“ enthält nur den Wert „1“ (SameSite=Lax, bei HTTPS Secure): Die App erkennt daran beim Start ohne Serveranfrage, dass eine Anmeldung besteht. Es enthält keine Kennung.',
                  '„sanidok_known_accounts“ enthält die Benutzernamen (höchstens fünf), die sich in diesem Browser erfolgreich angemeldet haben (HttpOnly, SameSite=Strict, signiert, ein Jahr, nur an die Anmeldung gesendet): Nach vielen falschen Passwörtern von fremden Geräten muss dieser Browser nicht warten.',
                ],
              },
              'Die ersten beiden gelten ohne „Angemeldet bleiben“ bis zum Schließen des Browsers, mit dieser Option höchstens 14 Tage, und werden bei der Abmeldung gelöscht. Die Sitzung auf dem Server endet ohne „Angemeldet bleiben“ nach 8 Stunden ohne Verbindung, spätestens 12 Stunden nach der Anmeldung; mit der Option nach 3 Tagen ohne Verbindung, spätestens nach 14 Tagen.',
              'Wir setzen keine Tracking-, Analyse- oder Werbe-Cookies ein, erstellen keine Nutzungsprofile und binden keine Inhalte von Drittanbietern (etwa Schriften, Karten oder Videos) ein.',
            ],
          },
          {
            heading: '3.5 Lokale Speicherung auf Ihrem Gerät (Offline-Nutzung)',
            blocks: [
              'Damit Sie auch ohne Netzverbindung dokumentieren können, speichert SaniDok Daten im Browser Ihres Geräts: die Programmdateien im Cache des Service Workers sowie die Daten Ihrer Dienste – einschließlich der Patientendaten der Dienste, denen Sie zugeordnet sind (siehe Abschnitt 3.2) – und noch nicht übertragene Änderungen in der Browser-Datenbank IndexedDB. Diese Speicherung ist für den von Ihnen gewünschten Dienst unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG).',
              'Sobald der Server eine Änderung bestätigt hat, wird sie aus der Warteschlange entfernt; die Angaben zur Person entlassener Patienten werden vom Gerät gelöscht, sobald der Server die Entlassung bestätigt hat, ihre medizinischen Angaben mit dem Ende des Zeitfensters; ebenso alle Patientendaten eines Dienstes, dem Sie nicht mehr zugeordnet sind oder dessen Zeitfenster (24 Stunden nach dem geplanten Ende) abgelaufen ist – bei der nächsten Synchronisation, nachdem Ihre eigenen Änderungen an diesem Dienst übertragen sind. Beim Abmelden werden alle lokal gespeicherten Daten vom Gerät gelöscht; ebenso bei einem als verloren gemeldeten Gerät, sobald es bei der nächsten Verbindung seine noch nicht übertragenen Änderungen gesendet hat. Gibt es noch nicht übertragene Änderungen, werden Sie vorher gewarnt, damit keine Dokumentation verloren geht.',
              'Bitte schützen Sie Ihr Gerät mit einer Bildschirmsperre und melden Sie sich auf gemeinsam genutzten Geräten nach dem Dienst ab.',
            ],
          },
          {
            heading: '3.6 Bereitstellung der Anwendung',
            blocks: [
              'Beim Aufruf von SaniDok verarbeitet der Server technisch notwendig Ihre IP-Adresse, um die Anwendung auszuliefern, und zählt Anmelde- und Registrierungsversuche je IP-Adresse kurzzeitig, um Angriffe durch massenhaftes Ausprobieren von Passwörtern abzuwehren. Diese Zähler werden nicht dauerhaft gespeichert.',
            ],
          },
        ],
      },
      {
        heading: '4. Zwecke und Rechtsgrundlagen',
        blocks: [
          {
            list: [
              'Bereitstellung Ihres Kontos und der Funktionen von SaniDok, Versand von Service-E-Mails (etwa Einladungen, Sperr- und Sicherheitshinweise): Art. 6 Abs. 1 lit. b DSGVO (Nutzungsvertrag).',
              'Dokumentation von Patientendaten im Auftrag der Organisation: Art. 28 DSGVO; Rechtsgrundlage der Organisation ist Art. 9 Abs. 2 lit. h DSGVO in Verbindung mit § 22 BDSG bzw. Art. 9 Abs. 2 lit. c DSGVO.',
              'Zugriffsprotokolle und Fehlversuche am Archiv: Art. 6 Abs. 1 lit. c und lit. f in Verbindung mit Art. 32 DSGVO – Sicherheit der Verarbeitung und Nachvollziehbarkeit von Zugriffen auf Gesundheitsdaten.',
              'Beta-Codes und Begrenzung von Anmeldeversuchen: Art. 6 Abs. 1 lit. f DSGVO – unser berechtigtes Interesse, die Plattform vor Missbrauch zu schützen.',
              'Sitzungscookie und lokale Speicherung auf dem Gerät: § 25 Abs. 2 Nr. 2 TDDDG, anschließende Verarbeitung nach Art. 6 Abs. 1 lit. b DSGVO.',
            ],
          },
          'Die Angabe von Benutzername, E-Mail-Adresse und Passwort ist für den Abschluss des Nutzungsvertrags erforderlich; ohne sie können Sie kein Konto anlegen. Eine automatisierte Entscheidungsfindung einschließlich Profiling nach Art. 22 DSGVO findet nicht statt.',
        ],
      },
      {
        heading: '5. Speicherdauer',
        blocks: [
          {
            list: [
              'Kontodaten: bis zur Löschung Ihres Kontos; Beta-Code-Einlösungen werden mit dem Konto gelöscht.',
              'Angaben zur Person: bis zur Entlassung, spätestens bis zur Archivierung des Dienstes; danach nur noch verschlüsselt im Archiv der Organisation. Medizinische Angaben bleiben auf dem Server, solange das Protokoll besteht. Wird ein Dienst oder eine Organisation gelöscht, werden die zugehörigen Protokolle mitgelöscht.',
              `Versiegelte Dokumentation – Protokolle entlassener Patienten sowie Protokolle und Bagatellbehandlungen archivierter Dienste, mit den Angaben zur Person, den medizinischen Angaben und dem Änderungsverlauf: ${legalMinimumRetentionYears} Jahre (§ 630f Abs. 3 BGB), sofern der Inhaber der Organisation keine längere Frist festgelegt hat. Die Frist beginnt mit der Entlassung; für Protokolle ohne Entlassung und für Bagatellbehandlungen mit der letzten Änderung des archivierten Dienstes (seiner Archivierung oder einer späteren Sperrung). Danach löscht ein täglicher Löschlauf sie endgültig auf dem Server, die Geräte beim nächsten Abgleich. Zurück bleibt ein Löschnachweis ohne Patientendaten (Dienst, Zeitraum, Anzahl). Offene Protokolle und Bagatellbehandlungen eines nicht archivierten Dienstes werden nicht automatisch gelöscht.`,
              'Zugriffsprotokolle und Fehlversuche am Archiv: höchstens 90 Tage.',
              'Hinweise an die Plattformadministration (mit Benutzer, Dienst und IP-Adresse): höchstens 90 Tage. Protokoll der Handlungen der Plattformadministration: zwei Jahre; die IP-Adresse darin wird nach 7 Tagen gekürzt.',
              'Protokolle über versandte E-Mails: höchstens 90 Tage.',
              'Einladungen in eine Organisation (Benutzername oder E-Mail-Adresse der eingeladenen Person): 14 Tage gültig; 30 Tage nach Annahme, Ablehnung, Rücknahme oder Ablauf gelöscht.',
              'Vom Server abgewiesene Änderungen eines Geräts: höchstens 30 Tage; Patientendaten (Name, Anschrift, Kontaktdaten usw.) werden dabei nicht gespeichert.',
              'Sitzungscookie: bis zum Schließen des Browsers bzw. höchstens 14 Tage bei „Angemeldet bleiben“; mit der Abmeldung, dem Beenden der Sitzung in den Einstellungen oder der Meldung des Geräts als verloren wird die Sitzung sofort ungültig.',
              'Lokale Daten auf dem Gerät: bis zur Bestätigung durch den Server bzw. bis zur Abmeldung.',
            ],
          },
        ],
      },
      {
        heading: '6. Empfänger',
        blocks: [
          'Wir geben personenbezogene Daten nicht an Dritte weiter, verkaufen sie nicht und übermitteln sie nicht in Länder außerhalb der Europäischen Union.',
          `Empfänger im technischen Sinn sind allein unsere Dienstleister für Hosting und E-Mail-Versand, die als Auftragsverarbeiter nach Art. 28 DSGVO streng weisungsgebunden tätig sind: ${operator('processors')}.`,
          'Innerhalb einer Organisation sehen nur die dem jeweiligen Dienst zugeordneten Mitglieder dessen Patientendaten, bis 24 Stunden nach seinem geplanten Ende; Zugriffsprotokolle und das Archiv sieht nur der Inhaber. Plattformadministratoren sehen Kontodaten, soweit das für die Verwaltung der Plattform nötig ist, aber keine verschlüsselten Patientendaten.',
        ],
      },
      {
        heading: '7. Ihre Rechte',
        blocks: [
          'Sie haben gegenüber uns folgende Rechte hinsichtlich Ihrer personenbezogenen Daten:',
          {
            list: [
              'Auskunft über die gespeicherten Daten (Art. 15 DSGVO),',
              'Berichtigung unrichtiger Daten (Art. 16 DSGVO),',
              'Löschung (Art. 17 DSGVO),',
              'Einschränkung der Verarbeitung (Art. 18 DSGVO),',
              'Datenübertragbarkeit (Art. 20 DSGVO),',
              'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO).',
            ],
          },
          `Wenden Sie sich dazu formlos an ${operator('email')}. Betreffen Ihre Anliegen Patientendaten, die eine Organisation über Sie dokumentiert hat, richten Sie sie bitte an diese Organisation als Verantwortliche; wir unterstützen sie bei der Erfüllung.`,
          `Sie haben außerdem das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO), insbesondere in dem Mitgliedstaat Ihres Aufenthaltsorts, Ihres Arbeitsplatzes oder des mutmaßlichen Verstoßes. Für uns zuständig ist: ${operator('supervisoryAuthority')}.`,
        ],
      },
      {
        heading: '8. Datensicherheit',
        blocks: [
          'Die Verbindung zu SaniDok ist mit TLS verschlüsselt. Passwörter speichern wir nur als Argon2id-Hash, Anmeldeversuche sind begrenzt, und jede Anfrage wird auf dem Server gegen die Rolle des Benutzers in der Organisation geprüft. Angaben zur Person sind auf dem Server verschlüsselt gespeichert und nach der Entlassung so verschlüsselt, dass nur der Inhaber der Organisation sie lesen kann; medizinische Angaben sind auf dem Server nicht verschlüsselt, aber nur für das zugeordnete Team und im Archiv abrufbar.',
          'SaniDok ist kein Medizinprodukt im Sinne der MDR; die Anwendung dient der Dokumentation und Organisation und gibt keine Diagnose- oder Therapieempfehlungen.',
        ],
      },
      {
        heading: '9. Änderungen dieser Datenschutzerklärung',
        blocks: [
          'Wir passen diese Datenschutzerklärung an, wenn sich die Anwendung oder die Rechtslage ändert. Es gilt die jeweils hier veröffentlichte Fassung; über wesentliche Änderungen informieren wir registrierte Benutzer per E-Mail oder in der Anwendung.',
        ],
      },
    ],
  },

  imprint: {
    title: 'Impressum',
    intro: 'Anbieterkennzeichnung nach § 5 Digitale-Dienste-Gesetz (DDG) für die Anwendung SaniDok.',
    sections: [
      {
        heading: 'Angaben gemäß § 5 DDG',
        blocks: [{ address: operatorAddress }],
      },
      {
        heading: 'Vertreten durch',
        blocks: [operator('representative')],
      },
      {
        heading: 'Kontakt',
        blocks: [{ address: [`E-Mail: ${operator('email')}`, `Telefon: ${operator('phone')}`] }],
      },
      {
        heading: 'Registereintrag und Umsatzsteuer',
        blocks: [
          operator('registerDetails'),
        ],
      },
      {
        heading: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
        blocks: [{ address: [operator('representative'), operator('address')] }],
      },
      {
        heading: 'Hinweise zum Angebot',
        blocks: [
          'SaniDok ist eine Web-Anwendung zur Planung von Sanitätsdiensten und zur Dokumentation von Patienten, Behandlungen und Materialverbrauch. Sie darf nur von Volljährigen (18+) genutzt werden; Voraussetzung ist die Mitgliedschaft in einer Organisation. Solange der Beta-Betrieb aktiv ist, ist für die Registrierung ein Beta-Code erforderlich. Die Nutzung ist kostenlos.',
          'Patientendaten eines Dienstes sehen nur die dem Dienst zugeordneten Mitglieder der Organisation – auch Inhaber und Administratoren nur, wenn sie zugeordnet sind –, bis 24 Stunden nach dem geplanten Ende des Dienstes. Nach der Entlassung werden die Angaben zur Person mit AES-256-GCM verschlüsselt (HPKE nach RFC 9180: X25519, HKDF-SHA256, AES-256-GCM); lesen kann sie dann nur der Inhaber der Organisation mit dem Organisationsschlüssel, nicht die Plattformadministratoren. Zugriffsprotokolle werden höchstens 90 Tage aufbewahrt.',
          'SaniDok ist kein Medizinprodukt im Sinne der Verordnung (EU) 2017/745 (MDR). Es stellt keine Diagnosen, überwacht keine Vitalparameter und gibt keine Therapieempfehlungen; alle medizinischen Entscheidungen trifft das eingesetzte Fachpersonal.',
          'Einzelheiten regeln die Nutzungsbedingungen und die Datenschutzerklärung.',
        ],
      },
      {
        heading: 'Verbraucherstreitbeilegung',
        blocks: [
          'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ],
      },
      {
        heading: 'Haftung für Inhalte und Links',
        blocks: [
          'Die Inhalte dieser Seiten wurden mit Sorgfalt erstellt. Für Inhalte, die Benutzer in SaniDok erfassen, sind die jeweiligen Organisationen und Benutzer verantwortlich. Für Inhalte externer Seiten, auf die wir verweisen, sind deren Betreiber verantwortlich; bei Bekanntwerden von Rechtsverletzungen entfernen wir solche Verweise umgehend.',
        ],
      },
    ],
  },

  terms: {
    title: 'Nutzungsbedingungen',
    intro:
      'Diese Nutzungsbedingungen regeln die Nutzung der Anwendung SaniDok. Mit der Registrierung erkennen Sie sie an. Bitte lesen Sie ergänzend die Datenschutzerklärung.',
    sections: [
      {
        heading: '§ 1 Geltungsbereich',
        blocks: [
          'Diese Bedingungen gelten für die Nutzung der Web-Anwendung SaniDok einschließlich ihrer installierbaren Offline-Fassung (im Folgenden „Plattform“), die vom im Impressum genannten Betreiber bereitgestellt wird. Abweichende Bedingungen von Benutzern gelten nicht. Interne Regeln einer Organisation für ihre Mitglieder bleiben unberührt.',
        ],
      },
      {
        heading: '§ 2 Leistungen',
        blocks: [
          'Die Plattform unterstützt Organisationen im Sanitätsdienst bei der Verwaltung von Mitgliedern, der Planung von Diensten, der Erfassung von Bagatellbehandlungen, Patientenprotokollen und Vitalparametern, der Material- und Bestandsverwaltung, dem Druck von RTW-Übergabe- und Gesamtprotokollen sowie der verschlüsselten Archivierung von Patientendaten. Statistiken und Berichte sind in Arbeit.',
          'Die Plattform befindet sich in einer Beta-Phase. Ein Anspruch auf bestimmte Funktionen besteht nicht; Funktionen können weiterentwickelt, geändert oder eingestellt werden, soweit das für Sie zumutbar ist.',
        ],
      },
      {
        heading: '§ 3 Registrierung und Konto',
        blocks: [
          {
            list: [
              'Die Plattform darf nur nutzen, wer volljährig ist (18+). Mit der Registrierung bestätigen Sie, das 18. Lebensjahr vollendet zu haben.',
              'Solange der Beta-Betrieb aktiv ist, ist für die Registrierung ein gültiger Beta-Code erforderlich. Beta-Codes sind nicht übertragbar, können zeitlich oder in der Anzahl der Einlösungen begrenzt sein und werden nach unserem Ermessen vergeben.',
              'Ihre Angaben müssen wahr sein. Jedes Konto gehört genau einer Person; die Weitergabe von Zugangsdaten oder die gemeinsame Nutzung eines Kontos ist nicht erlaubt.',
              `Halten Sie Ihr Passwort geheim und informieren Sie uns unverzüglich unter ${operator('email')}, wenn Sie einen Missbrauch Ihres Kontos vermuten.`,
              'Ein Anspruch auf Registrierung besteht nicht.',
            ],
          },
        ],
      },
      {
        heading: '§ 4 Mitgliedschaft in einer Organisation',
        blocks: [
          'Die Nutzung der Plattform setzt die Mitgliedschaft in einer Organisation voraus. Sie können eine eigene Organisation gründen und werden dann ihr Inhaber, oder Sie nehmen die Einladung einer bestehenden Organisation an. Mitglieder haben die Rolle Inhaber, Administrator oder Mitglied.',
          'Patientendaten eines Dienstes sind nur für die dem Dienst zugeordneten Mitglieder der Organisation sichtbar (eingeteilt durch Inhaber oder Administratoren oder mit dem Zugangscode des Dienstes beigetreten), auch für Inhaber und Administratoren nur, wenn sie zugeordnet sind, und nur bis 24 Stunden nach dem geplanten Ende des Dienstes. Zugriffsprotokolle und das Patientenarchiv sind nur für den Inhaber sichtbar.',
          'Die Organisation ist für die Patientendaten, die ihre Mitglieder dokumentieren, datenschutzrechtlich verantwortlich; der Betreiber verarbeitet sie als Auftragsverarbeiter nach Art. 28 DSGVO. Ergänzend gilt die Vereinbarung zur Auftragsverarbeitung, die der Betreiber mit der Organisation schließt.',
          'Der Inhaber erhält bei der Gründung einmalig den Organisationsschlüssel. Er ist verpflichtet, ihn sicher und für Unbefugte unzugänglich aufzubewahren. Ohne diesen Schlüssel kann niemand – auch nicht der Betreiber – archivierte Patientendaten wiederherstellen.',
        ],
      },
      {
        heading: '§ 5 Unentgeltlichkeit',
        blocks: [
          'Die Nutzung der Plattform ist kostenlos. Sollten künftig kostenpflichtige Leistungen angeboten werden, geschieht das nur nach rechtzeitiger Ankündigung und mit Ihrer ausdrücklichen Zustimmung; bestehende Funktionen werden nicht ohne Ihre Zustimmung kostenpflichtig.',
        ],
      },
      {
        heading: '§ 6 Pflichten der Benutzer',
        blocks: [
          {
            list: [
              'Sie wahren die Schweigepflicht und Vertraulichkeit über alle Patientendaten, die Sie in der Plattform sehen, auch über das Ende Ihrer Mitgliedschaft hinaus (vgl. § 203 StGB und die Regeln Ihrer Organisation).',
              'Sie dokumentieren wahrheitsgemäß, vollständig, zeitnah und nachvollziehbar und erfassen nur Patienten, die Sie oder Ihr Team tatsächlich versorgen.',
              'Sie rufen Patientendaten nur auf, soweit das für Ihre Aufgabe erforderlich ist. Das Öffnen von Patientenprotokollen und Patientenlisten, das Anzeigen vollständiger Namen und jeder Ausdruck oder Export werden protokolliert (Einzelheiten: Datenschutzerklärung, Abschnitt 3.3).',
              'Ausdrucke behandeln Sie vertraulich und geben Übergabeprotokolle nur an die übernehmende Stelle, etwa die Besatzung des Rettungswagens, weiter.',
              'Sie schützen Ihr Gerät mit einer Bildschirmsperre und melden sich auf gemeinsam genutzten Geräten nach dem Dienst ab.',
              'Sie erfassen keine rechtswidrigen Inhalte, greifen nicht auf fremde Konten zu und beeinträchtigen den Betrieb der Plattform nicht.',
            ],
          },
          'Bei Verstößen kann der Betreiber Konten, Organisationen oder Dienste sperren.',
        ],
      },
      {
        heading: '§ 7 Verfügbarkeit und Offline-Daten',
        blocks: [
          'Der Betreiber bemüht sich um eine hohe Verfügbarkeit, schuldet aber keine bestimmte Verfügbarkeit. Wartungsarbeiten und Störungen können die Nutzung vorübergehend einschränken.',
          'Die Plattform funktioniert auch ohne Netzverbindung: Erfasste Daten werden auf dem Gerät gespeichert und übertragen, sobald wieder eine Verbindung besteht. Bis dahin befinden sich die Daten nur auf Ihrem Gerät. Stellen Sie daher regelmäßig eine Verbindung her, löschen Sie keine Browserdaten mit noch nicht übertragenen Änderungen und beachten Sie die Warnung beim Abmelden.',
          'Halten Sie für den Ausfall von Gerät oder Plattform eine Ersatzdokumentation bereit, etwa Papierprotokolle Ihrer Organisation.',
        ],
      },
      {
        heading: '§ 8 Kein Medizinprodukt',
        blocks: [
          'SaniDok ist kein Medizinprodukt im Sinne der Verordnung (EU) 2017/745 (MDR). Die Plattform dient allein der Dokumentation und Organisation. Sie stellt keine Diagnosen, bewertet und überwacht keine Vitalparameter, löst keine Alarme aus und gibt keine Therapieempfehlungen. Medizinische Entscheidungen trifft ausschließlich das eingesetzte qualifizierte Personal in eigener Verantwortung.',
        ],
      },
      {
        heading: '§ 9 Verschlüsselung, Archiv und Zugriffsprotokolle',
        blocks: [
          'Nach der Entlassung werden die Angaben zur Person mit AES-256-GCM verschlüsselt und mit dem öffentlichen Schlüssel der Organisation versiegelt (HPKE nach RFC 9180: X25519, HKDF-SHA256, AES-256-GCM); die medizinischen Angaben noch nicht. Danach kann sie nur der Inhaber der Organisation mit dem Organisationsschlüssel lesen; Plattformadministratoren können es nicht. Nach fünf Fehlversuchen, das Archiv mit einem falschen Schlüssel zu öffnen, wird die Plattformadministration benachrichtigt.',
          'Protokolliert werden das Öffnen eines Patientenprotokolls oder der Patientenliste eines Dienstes, das Anzeigen des vollständigen Namens bei einer Bagatellbehandlung, jeder Druck einer RTW-Übergabe oder eines vollständigen Protokolls und jeder Export eines Protokolls als FHIR-Dokument. Die Zugriffsprotokolle werden höchstens 90 Tage aufbewahrt und danach gelöscht.',
        ],
      },
      {
        heading: '§ 10 Haftung',
        blocks: [
          'Da die Nutzung unentgeltlich ist, haftet der Betreiber nur für Vorsatz und grobe Fahrlässigkeit. Unbeschränkt bleibt die Haftung für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit, nach dem Produkthaftungsgesetz sowie bei arglistigem Verschweigen eines Mangels.',
          'Der Betreiber haftet nicht für Datenverluste, die darauf beruhen, dass Daten auf einem Gerät gespeichert waren und vor ihrer Übertragung gelöscht wurden oder verloren gingen, und nicht für den Verlust des Organisationsschlüssels durch den Inhaber.',
        ],
      },
      {
        heading: '§ 11 Kündigung, Sperrung und Löschung',
        blocks: [
          `Sie können das Nutzungsverhältnis jederzeit ohne Angabe von Gründen beenden, indem Sie die Löschung Ihres Kontos unter ${operator('email')} verlangen. Der Betreiber kann das Nutzungsverhältnis mit einer Frist von vier Wochen kündigen; das Recht zur Sperrung und außerordentlichen Kündigung aus wichtigem Grund, insbesondere bei Verstößen gegen § 6, bleibt unberührt.`,
          'Mit der Löschung eines Kontos werden die Kontodaten gelöscht. Von Ihnen dokumentierte Patientenprotokolle gehören zur Dokumentation der Organisation und bleiben dort erhalten. Wird eine Organisation gelöscht, werden alle zugehörigen Dienste, Protokolle und archivierten Patientendaten unwiderruflich gelöscht; die Organisation ist selbst dafür verantwortlich, gesetzliche Aufbewahrungspflichten vorher zu erfüllen.',
        ],
      },
      {
        heading: '§ 12 Änderungen dieser Bedingungen',
        blocks: [
          'Der Betreiber kann diese Bedingungen mit Wirkung für die Zukunft ändern, wenn das wegen neuer Funktionen, geänderter Rechtslage oder aus Sicherheitsgründen erforderlich ist. Änderungen werden mindestens vier Wochen vor ihrem Inkrafttreten per E-Mail oder in der Anwendung angekündigt. Sind Sie nicht einverstanden, können Sie das Nutzungsverhältnis bis dahin kostenfrei beenden. Änderungen, die wesentliche Rechte und Pflichten betreffen, werden nur mit Ihrer ausdrücklichen Zustimmung wirksam.',
        ],
      },
      {
        heading: '§ 13 Schlussbestimmungen',
        blocks: [
          'Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Zwingende Verbraucherschutzvorschriften des Staates, in dem Sie Ihren gewöhnlichen Aufenthalt haben, bleiben unberührt. Sollte eine Bestimmung unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.',
        ],
      },
    ],
  },
} as const satisfies LegalCatalogue;

/** Which of the three legal documents a page shows. */
export type LegalDocumentKey = 'privacy' | 'imprint' | 'terms';
