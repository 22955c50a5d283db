import { MantineProvider } from '@mantine/core';
import type { OperatorDetails } from '@sanidok/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { RecordableAccessAction } from '@sanidok/schema';
import { recordableAccessActions } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { ImprintPage, PrivacyPage, TermsPage } from '../../../src/features/legal/LegalPages';
import { operatorDetailsKey } from '../../../src/features/legal/operatorDetails';

// jsdom stubs, jest-dom and cleanup come from setup.ts.

/** The page with the operator details as GET /api/legal/operator answered them (null: not entered yet). */
function renderPage(Page: ComponentType, path: string, operator: OperatorDetails | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(operatorDetailsKey, { operator });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const operator: OperatorDetails = {
  name: 'Sanitätsdienst Musterstadt e. V.', address: 'Hauptstraße 1\n79379 Müllheim', email: 'kontakt@example.org', phone: '07631 123456',
  representative: 'Max Muster (Vorstand)', registerDetails: '', dataProtectionOfficer: 'Erika Muster, datenschutz@example.org',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz Baden-Württemberg', processors: 'Hosting: Beispiel GmbH, Frankfurt', updatedAt: '2026-11-24T10:00:00.000Z',
};

/** Whitespace-normalised text, so assertions do not depend on line breaks in the markup. */
function textOf(element: Element): string {
  return element.textContent.replace(/\s+/g, ' ');
}

// docs/spec/accounts.md §1 "Legal texts state …", in the words the pages must use.
const requiredStatements = [
  '18+',
  'Mitgliedschaft in einer Organisation',
  'Beta-Code',
  'kostenlos',
  'zugeordneten Mitglieder',
  'AES-256-GCM',
  'HPKE nach RFC 9180',
  'X25519, HKDF-SHA256, AES-256-GCM',
  'nur der Inhaber',
  'Plattformadministratoren',
  '90 Tage',
  'kein Medizinprodukt',
];

const pages = [
  { name: 'Datenschutzerklärung', Page: PrivacyPage, path: '/datenschutz' },
  { name: 'Impressum', Page: ImprintPage, path: '/impressum' },
  { name: 'Nutzungsbedingungen', Page: TermsPage, path: '/nutzungsbedingungen' },
] as const;

describe.each(pages)('$name', ({ name, Page, path }) => {
  it('is a titled, dated document with a way back to the start page', () => {
    renderPage(Page, path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByText('Stand: November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('keeps the heading order without skipped levels', () => {
    renderPage(Page, path);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(5);
    levels.forEach((level, index) => {
      const previous = levels[index - 1];
      if (previous !== undefined) expect(level - previous).toBeLessThanOrEqual(1);
    });
  });

  it('states every rule of docs/spec/accounts.md §1 in the key facts and again in the document itself', () => {
    renderPage(Page, path);
    const main = screen.getByRole('main');
    const keyFacts = within(main).getByRole('region', { name: 'Das Wichtigste in Kürze' });
    const keyFactsText = textOf(keyFacts);

    // The document body on its own must carry the statements too, not only the summary box.
    const body = main.cloneNode(true) as HTMLElement;
    body.querySelector(`[aria-labelledby="${keyFacts.getAttribute('aria-labelledby') ?? ''}"]`)?.remove();
    const bodyText = textOf(body);
    expect(bodyText).not.toContain('Das Wichtigste in Kürze');

    for (const statement of requiredStatements) {
      expect(keyFactsText, `key facts: ${statement}`).toContain(statement);
    }
    for (const statement of ['18+', 'Mitgliedschaft in einer Organisation', 'Beta-Code', 'kostenlos', 'AES-256-GCM', 'nur der Inhaber', '90 Tage', 'kein Medizinprodukt']) {
      expect(bodyText, `document body: ${statement}`).toContain(statement);
    }
  });

  it('links to the other two legal documents', () => {
    renderPage(Page, path);
    const nav = screen.getByRole('navigation', { name: 'Weitere rechtliche Informationen' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const expected = pages.filter((page) => page.path !== path).map((page) => page.path);
    expect(hrefs.sort()).toEqual([...expected].sort());
  });
});

describe('Datenschutzerklärung in detail', () => {
  it('names the controller (placeholder), the data categories and the health-data basis', () => {
    renderPage(PrivacyPage, '/datenschutz');
    const main = screen.getByRole('main');
    const text = textOf(main);

    expect(screen.getByRole('heading', { level: 2, name: '1. Verantwortlicher' })).toBeInTheDocument();
    const placeholders = main.querySelectorAll('mark[data-placeholder="true"]');
    expect([...placeholders].map((mark) => mark.textContent)).toContain('[Platzhalter: Name des Betreibers bzw. Firma und Rechtsform]');

    for (const heading of ['3.1 Kontodaten', '3.2 Patientendaten (Gesundheitsdaten)', '3.3 Zugriffsprotokolle', '3.4 Sitzungscookie – kein Tracking', '3.5 Lokale Speicherung auf Ihrem Gerät (Offline-Nutzung)']) {
      expect(screen.getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    expect(text).toContain('besondere Kategorien personenbezogener Daten nach Art. 9 DSGVO');
    expect(text).toContain('Auftragsverarbeiter nach Art. 28 DSGVO');
    expect(text).toContain('IP-Adresse und Browserkennung (User-Agent)');
    expect(text).toContain('technisch notwendig');
    expect(text).toContain('keine Tracking-, Analyse- oder Werbe-Cookies');
  });

  it('lists exactly the access events the app writes (every claim about logging is true)', () => {
    renderPage(PrivacyPage, '/datenschutz');
    const section = screen.getByRole('heading', { level: 3, name: '3.3 Zugriffsprotokolle' }).parentElement ?? screen.getByRole('main');
    const items = within(section).getAllByRole('listitem').map((item) => item.textContent);
    // One line per recordable event (packages/schema recordableAccessActions), plus the server's own entries.
    const described: Record<RecordableAccessAction, string> = {
      protocol_opened: 'das Öffnen eines Patientenprotokolls',
      patient_list_opened: 'das Öffnen der Patientenliste eines Dienstes',
      minor_treatment_name_viewed: 'das Anzeigen des vollständigen Patientennamens einer Bagatellbehandlung',
      print_handover: 'das Drucken einer RTW-Übergabe',
      print_complete_protocol: 'oder eines vollständigen Protokolls',
      fhir_export: 'den Export eines Protokolls als FHIR-Dokument',
      manv_person_list_opened: 'das Öffnen der Personenliste eines MANV',
      manv_person_list_exported: 'deren Export als PDF oder CSV',
    };
    for (const action of recordableAccessActions) expect(items.some((item) => item.includes(described[action])), action).toBe(true);
    expect(items.some((item) => item.includes('Fehlversuche, das Patientenarchiv zu öffnen'))).toBe(true);
    expect(textOf(screen.getByRole('main'))).not.toContain('jeden Zugriff');
  });

  it('explains offline storage in IndexedDB and its deletion on sign-out and after sync', () => {
    renderPage(PrivacyPage, '/datenschutz');
    const text = textOf(screen.getByRole('main'));
    expect(text).toContain('IndexedDB');
    expect(text).toContain('Beim Abmelden werden alle lokal gespeicherten Daten vom Gerät gelöscht');
    // The purge by scope (apps/pwa/src/sync/purgeScope.ts) as the privacy text promises it.
    expect(text).toContain('dem Sie nicht mehr zugeordnet sind oder dessen Zeitfenster (24 Stunden nach dem geplanten Ende) abgelaufen ist');
    expect(text).toContain('Sobald der Server eine Änderung bestätigt hat, wird sie aus der Warteschlange entfernt');
  });

  it('covers purposes, legal bases, storage periods, recipients and the rights of data subjects', () => {
    renderPage(PrivacyPage, '/datenschutz');
    const text = textOf(screen.getByRole('main'));
    for (const heading of ['4. Zwecke und Rechtsgrundlagen', '5. Speicherdauer', '6. Empfänger', '7. Ihre Rechte']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(text).toContain('Art. 6 Abs. 1 lit. b DSGVO');
    expect(text).toContain('Wir geben personenbezogene Daten nicht an Dritte weiter');
    expect(text).toContain('Hosting');
    for (const article of ['Art. 15 DSGVO', 'Art. 16 DSGVO', 'Art. 17 DSGVO', 'Art. 18 DSGVO', 'Art. 20 DSGVO', 'Art. 21 DSGVO', 'Art. 77 DSGVO']) {
      expect(text).toContain(article);
    }
    expect(text).toContain('Aufsichtsbehörde');
    // Retention as built: apps/sync-server/test/domain/retention/retention.test.ts, archiveSealing.test.ts.
    expect(text).toContain('Zugriffsprotokolle und Fehlversuche am Archiv: höchstens 90 Tage.');
    expect(text).toContain('Vom Server abgewiesene Änderungen eines Geräts: höchstens 30 Tage; Patientendaten (Name, Anschrift, Kontaktdaten usw.) werden dabei nicht gespeichert.');
    expect(text).toContain('spätestens bis zur Archivierung des Dienstes');
    // Retention of sealed records and of the admin area: apps/sync-server/test/domain/retention/records.test.ts, adminRecords.test.ts.
    expect(text).toContain('10 Jahre (§ 630f Abs. 3 BGB), sofern der Inhaber der Organisation keine längere Frist festgelegt hat');
    expect(text).toContain('Danach löscht ein täglicher Löschlauf sie endgültig auf dem Server, die Geräte beim nächsten Abgleich.');
    expect(text).toContain('Hinweise an die Plattformadministration (mit Benutzer, Dienst und IP-Adresse): höchstens 90 Tage.');
    expect(text).toContain('die IP-Adresse darin wird nach 7 Tagen gekürzt');
    // Invitations: apps/sync-server/test/domain/organizations/invitationPurge.test.ts; the lost device: apps/pwa/test/sync/deviceWipe.test.ts.
    expect(text).toContain('14 Tage gültig; 30 Tage nach Annahme, Ablehnung, Rücknahme oder Ablauf gelöscht.');
    expect(text).toContain('ebenso bei einem als verloren gemeldeten Gerät, sobald es bei der nächsten Verbindung seine noch nicht übertragenen Änderungen gesendet hat');
    // Until the operator is entered, its address is a marked placeholder, never a made-up one.
    expect([...screen.getByRole('main').querySelectorAll('mark[data-placeholder="true"]')].map((m) => m.textContent)).toContain('[Platzhalter: E-Mail-Adresse]');
  });
});

describe('Impressum in detail', () => {
  it('gives the § 5 DDG details with marked placeholders and the contact address', () => {
    renderPage(ImprintPage, '/impressum');
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 2, name: 'Angaben gemäß § 5 DDG' })).toBeInTheDocument();

    const placeholders = [...main.querySelectorAll('mark[data-placeholder="true"]')].map((mark) => mark.textContent);
    expect(placeholders).toEqual(
      expect.arrayContaining(['[Platzhalter: Name des Betreibers bzw. Firma und Rechtsform]', '[Platzhalter: Anschrift]', '[Platzhalter: E-Mail-Adresse]']),
    );
    expect(main.querySelector('address')).not.toBeNull();
  });

  it('shows the operator the platform admin entered, and no placeholder is left on any page', () => {
    for (const [Page, path] of [[ImprintPage, '/impressum'], [PrivacyPage, '/datenschutz'], [TermsPage, '/nutzungsbedingungen']] as const) {
      const { unmount } = renderPage(Page, path, operator);
      const main = screen.getByRole('main');
      expect(main.querySelectorAll('mark[data-placeholder="true"]'), path).toHaveLength(0);
      expect(textOf(main), path).not.toMatch(/Platzhalter|\{betreiber:/);
      unmount();
    }
    renderPage(ImprintPage, '/impressum', operator);
    const text = textOf(screen.getByRole('main'));
    for (const value of ['Sanitätsdienst Musterstadt e. V.', 'Hauptstraße 1', '79379 Müllheim', '07631 123456', 'Max Muster (Vorstand)', 'Kein Registereintrag']) expect(text).toContain(value);
    expect(screen.getByRole('link', { name: 'kontakt@example.org' })).toHaveAttribute('href', 'mailto:kontakt@example.org');
  });
});

describe('Nutzungsbedingungen in detail', () => {
  it('has every required chapter', () => {
    renderPage(TermsPage, '/nutzungsbedingungen');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        '§ 1 Geltungsbereich',
        '§ 3 Registrierung und Konto',
        '§ 4 Mitgliedschaft in einer Organisation',
        '§ 5 Unentgeltlichkeit',
        '§ 6 Pflichten der Benutzer',
        '§ 7 Verfügbarkeit und Offline-Daten',
        '§ 8 Kein Medizinprodukt',
        '§ 10 Haftung',
        '§ 11 Kündigung, Sperrung und Löschung',
        '§ 12 Änderungen dieser Bedingungen',
      ]),
    );
  });

  it('obliges users to secrecy and correct documentation and explains offline data', () => {
    renderPage(TermsPage, '/nutzungsbedingungen');
    const text = textOf(screen.getByRole('main'));
    expect(text).toContain('Schweigepflicht');
    expect(text).toContain('wahrheitsgemäß, vollständig, zeitnah und nachvollziehbar');
    expect(text).toContain('Bis dahin befinden sich die Daten nur auf Ihrem Gerät');
    expect(text).toContain('haftet der Betreiber nur für Vorsatz und grobe Fahrlässigkeit');
    expect(text).toContain('Verordnung (EU) 2017/745 (MDR)');
    // What is logged, as built (no "every access": a REST read or a pull is not an access event).
    expect(text).not.toContain('jeder Zugriff wird protokolliert');
    expect(text).toContain('Das Öffnen von Patientenprotokollen und Patientenlisten, das Anzeigen vollständiger Namen und jeder Ausdruck oder Export werden protokolliert');
    expect(text).toContain('Protokolliert werden das Öffnen eines Patientenprotokolls oder der Patientenliste eines Dienstes');
  });
});
