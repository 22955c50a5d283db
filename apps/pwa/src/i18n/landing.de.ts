// German texts of the public landing page ('/'). docs/spec/accounts.md §1 and §2 are the source of every feature,
// workflow step and claim listed here; the components only pick icons and layout.

/** Product contact address; the footer opens a mail composer to it (docs/spec/accounts.md §2). */
const contactEmail = 'info@sanidok.de';

export const landingDe = {
  documentTitle: 'SaniDok – Dokumentation für den Sanitätsdienst',
  brand: {
    name: 'SaniDok',
    homeLabel: 'SaniDok – zur Startseite',
  },
  nav: {
    ariaLabel: 'Hauptnavigation',
    features: 'Funktionen',
    workflows: 'Abläufe',
    security: 'Sicherheit',
    privacy: 'Datenschutz',
    dashboard: 'Zum Dashboard',
    signIn: 'Anmelden',
  },
  hero: {
    eyebrow: 'Für Sanitätsdienste und Erste-Hilfe-Teams',
    title: 'Sanitätsdienste planen, Patienten dokumentieren, Daten schützen',
    lead:
      'SaniDok begleitet Ihr Team vom Dienstplan bis zum verschlüsselten Archiv: Bagatellbehandlungen in Sekunden erfassen, ' +
      'Patientenprotokolle mit Vitalparametern führen, Material im Blick behalten und RTW-Übergaben drucken – ' +
      'auch ohne Netz. Sobald wieder eine Verbindung besteht, werden alle Änderungen automatisch abgeglichen.',
    ctaSignedIn: 'Zum Dashboard',
    ctaSignedOut: 'Anmelden oder registrieren',
    secondary: 'Funktionen ansehen',
    note: 'Kostenlos nutzbar für volljährige Mitglieder von Organisationen im Sanitätsdienst.',
  },
  features: {
    title: 'Funktionen',
    intro: 'Alles, was ein Sanitätsdienst vom Einsatzplan bis zur Archivierung braucht.',
    wipBadge: 'in Arbeit',
    items: [
      {
        key: 'organizations',
        title: 'Mehrere Organisationen',
        description:
          'Verwalten Sie mehrere Organisationen und laden Sie weitere Benutzer als Mitglieder oder Administratoren ein.',
        wip: false,
      },
      {
        key: 'services',
        title: 'Sanitätsdienste planen',
        description: 'Planen Sie Dienste mit Einsatzort und Zeitraum und behalten Sie laufende und kommende Einsätze im Blick.',
        wip: false,
      },
      {
        key: 'minorTreatments',
        title: 'Bagatellbehandlungen',
        description:
          'Erfassen Sie kleine Versorgungen wie Pflaster oder Kühlkompressen in Sekunden – einschließlich des Materialverbrauchs.',
        wip: false,
      },
      {
        key: 'patientRecords',
        title: 'Patientenprotokolle',
        description:
          'Dokumentieren Sie Patienten mit strukturierter Anamnese und Vitalparametern im zeitlichen Verlauf.',
        wip: false,
      },
      {
        key: 'materials',
        title: 'Material- und Bestandsverwaltung',
        description:
          'Pflegen Sie Ihren Materialbestand: Der Verbrauch wird automatisch erfasst und lässt sich exportieren.',
        wip: false,
      },
      {
        key: 'printing',
        title: 'RTW-Übergabe und Gesamtprotokoll drucken',
        description:
          'Drucken Sie Übergabeprotokolle für den Rettungswagen und die vollständige Patientendokumentation direkt aus der App.',
        wip: false,
      },
      {
        key: 'encryption',
        title: 'Verschlüsselung und sicheres Archiv',
        description:
          'Nach der Entlassung werden die Angaben zur Person verschlüsselt und in einem sicheren Archiv abgelegt.',
        wip: false,
      },
      {
        key: 'accessLogging',
        title: 'Zugriffsprotokollierung',
        description: 'Das Öffnen von Patientenprotokollen und Patientenlisten, das Anzeigen vollständiger Namen und jeder Druck eines Protokolls werden protokolliert.',
        wip: false,
      },
      {
        key: 'statistics',
        title: 'Statistiken und Berichte',
        description: 'Auswertungen zu Diensten, Behandlungen und Materialverbrauch.',
        wip: true,
      },
    ],
  },
  workflows: {
    title: 'So arbeiten Sie mit SaniDok',
    intro: 'Drei typische Abläufe – vom Anlegen eines Dienstes bis zur verschlüsselten Archivierung.',
    items: [
      {
        key: 'service',
        title: 'Sanitätsdienst anlegen',
        steps: [
          'Organisation erstellen oder auswählen',
          'Teammitglieder einladen',
          'Sanitätsdienst mit Ort und Zeitraum planen',
          'Dienst archivieren und Protokolle später wieder öffnen',
        ],
      },
      {
        key: 'minorTreatment',
        title: 'Bagatellbehandlung',
        steps: [
          'Schnellerfassung öffnen',
          'Vordefiniertes Material auswählen',
          'Behandlung dokumentieren',
          'Automatische Materialverbrauchsliste erhalten',
        ],
      },
      {
        key: 'patientProtocol',
        title: 'Patientenprotokoll',
        steps: [
          'Protokoll anlegen',
          'Patientendaten und Anamnese erfassen',
          'Vitalparameter fortlaufend dokumentieren',
          'Übergabe- oder Gesamtprotokoll drucken',
          'Automatische Verschlüsselung bei der Entlassung',
        ],
      },
    ],
  },
  security: {
    title: 'Sicherheit und Datenschutz',
    intro: 'Patientendaten sind Gesundheitsdaten. SaniDok ist von Grund auf darauf ausgelegt, sie zu schützen.',
    claims: [
      {
        key: 'gdpr',
        title: 'Datenschutzkonform nach DSGVO',
        description:
          'Entwickelt nach der Datenschutz-Grundverordnung (DSGVO): Datensparsamkeit, Zweckbindung und kurze Speicherfristen. ' +
          'Kein Tracking, keine Werbung.',
      },
      {
        key: 'separation',
        title: 'Getrennte Speicherung',
        description: 'Vitalparameter und Behandlungen werden getrennt von den Patientendaten gespeichert.',
      },
      {
        key: 'ownerOnly',
        title: 'Nur für Team und Inhaber sichtbar',
        description:
          'Archivierte Patientendaten und Zugriffsprotokolle sind nur für den Inhaber der Organisation sichtbar. ' +
          'Patientendaten eines Dienstes – Angaben zur Person ebenso wie Befunde, Vitalwerte und Maßnahmen – sehen nur die dem Dienst zugeordneten Mitglieder – auch Inhaber und Administratoren nur, wenn sie zugeordnet sind – und nur bis 24 Stunden nach dem geplanten Ende.',
      },
      {
        key: 'accessLogging',
        title: 'Zugriffe werden protokolliert',
        description:
          'Protokolliert wird, wer ein Patientenprotokoll oder die Patientenliste eines Dienstes öffnet, den vollständigen Namen einer Bagatellbehandlung anzeigt oder ein Protokoll druckt – offline mit dem tatsächlichen Zeitpunkt. ' +
          'Die Einträge werden nach höchstens 90 Tagen gelöscht.',
      },
      {
        key: 'encryption',
        title: 'AES-256-GCM nach der Entlassung',
        description:
          'Nach der Entlassung werden die Angaben zur Person mit AES-256-GCM verschlüsselt – versiegelt mit dem öffentlichen Schlüssel ' +
          'Ihrer Organisation (HPKE nach RFC 9180). Lesen kann sie nur der Inhaber mit dem Organisationsschlüssel; ' +
          'Plattformadministratoren können es nicht. Die medizinischen Angaben werden dabei noch nicht versiegelt.',
      },
    ],
    detailsPrefix: 'Alle Einzelheiten finden Sie in der',
    detailsLink: 'Datenschutzerklärung',
  },
  closing: {
    title: 'Bereit für den nächsten Dienst?',
    text: 'Legen Sie Ihre Organisation an, laden Sie Ihr Team ein und dokumentieren Sie vom ersten Patienten an sicher.',
    ctaSignedIn: 'Zum Dashboard',
    ctaSignedOut: 'Kostenlos registrieren',
  },
  footer: {
    ariaLabel: 'Rechtliches und Kontakt',
    privacy: 'Datenschutz',
    terms: 'Nutzungsbedingungen',
    imprint: 'Impressum',
    dashboard: 'Dashboard',
    contact: 'Kontakt',
    contactEmail,
    contactHref: `mailto:${contactEmail}`,
    copyright: '© 2025 SaniDok',
    notMedicalDevice: 'SaniDok ist ein Dokumentationswerkzeug und kein Medizinprodukt im Sinne der MDR.',
  },
} as const;

/** Keys of the feature cards; the components map each to an icon. */
export type LandingFeatureKey = (typeof landingDe.features.items)[number]['key'];
/** Keys of the three workflows. */
export type LandingWorkflowKey = (typeof landingDe.workflows.items)[number]['key'];
/** Keys of the security claims. */
export type LandingSecurityKey = (typeof landingDe.security.claims)[number]['key'];
