import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../../../src/features/landing/LandingPage';
import { json, mockApi, testUser, unauthenticated } from '../../helpers/render';

// jsdom stubs (matchMedia, ResizeObserver), jest-dom, cleanup and unstubbing fetch come from setup.ts.

type SessionState = 'signedIn' | 'signedOut' | 'offline';

const userHandlers: Record<SessionState, () => Response | Promise<Response>> = {
  signedIn: () => json(testUser),
  signedOut: unauthenticated,
  // fetch rejects with a TypeError when the network is unreachable.
  offline: () => Promise.reject(new TypeError('Failed to fetch')),
};

async function renderLanding(state: SessionState) {
  const fetchMock = mockApi({ 'GET /api/user': userHandlers[state] });
  const view = render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/']}>
        <LandingPage />
      </MemoryRouter>
    </MantineProvider>,
  );
  await waitFor(() => {
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  // Let the settled fetch reach React state before asserting.
  await act(async () => {
    await Promise.resolve();
  });
  return { ...view, fetchMock };
}

function section(container: HTMLElement, id: string): HTMLElement {
  const element = container.querySelector<HTMLElement>(`#${id}`);
  if (!element) throw new Error(`section #${id} missing`);
  return element;
}

function hrefsOf(links: HTMLElement[]): string[] {
  return links.map((link) => link.getAttribute('href') ?? '');
}

describe('LandingPage', () => {
  it('asks the server once for the session, with same-origin credentials', async () => {
    const { fetchMock } = await renderLanding('signedOut');
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('has one h1 and the three anchored sections the top bar links to', async () => {
    const { container } = await renderLanding('signedOut');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const features = section(container, 'features');
    const workflows = section(container, 'workflows');
    const security = section(container, 'security');
    for (const element of [features, workflows, security]) expect(element.tagName).toBe('SECTION');
    expect(within(features).getByRole('heading', { level: 2, name: 'Funktionen' })).toBeInTheDocument();
    expect(within(workflows).getByRole('heading', { level: 2, name: 'So arbeiten Sie mit SaniDok' })).toBeInTheDocument();
    expect(within(security).getByRole('heading', { level: 2, name: 'Sicherheit und Datenschutz' })).toBeInTheDocument();

    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Funktionen' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Abläufe' })).toHaveAttribute('href', '#workflows');
    expect(within(nav).getByRole('link', { name: 'Sicherheit' })).toHaveAttribute('href', '#security');
    expect(within(nav).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
  });

  it('lists every advertised feature and marks statistics as work in progress', async () => {
    const { container } = await renderLanding('signedOut');
    const features = section(container, 'features');
    const items = within(features).getAllByRole('listitem');
    expect(items).toHaveLength(9);

    const titles = items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent);
    expect(titles).toEqual([
      'Mehrere Organisationen',
      'Sanitätsdienste planen',
      'Bagatellbehandlungen',
      'Patientenprotokolle',
      'Material- und Bestandsverwaltung',
      'RTW-Übergabe und Gesamtprotokoll drucken',
      'Verschlüsselung und sicheres Archiv',
      'Zugriffsprotokollierung',
      'Statistiken und Berichte',
    ]);

    const text = features.textContent;
    expect(text).toContain('weitere Benutzer');
    expect(text).toContain('Einsatzort und Zeitraum');
    expect(text).toContain('Materialverbrauchs');
    expect(text).toContain('strukturierter Anamnese und Vitalparametern im zeitlichen Verlauf');
    expect(text).toContain('automatisch erfasst und lässt sich exportieren');
    expect(text).toContain('vollständige Patientendokumentation');
    expect(text).toContain('Nach der Entlassung werden die Angaben zur Person verschlüsselt');
    // Exactly what is logged (docs/security.md "Access logging"), no promise of "every access".
    expect(text).toContain('Das Öffnen von Patientenprotokollen und Patientenlisten, das Anzeigen vollständiger Namen und jeder Druck eines Protokolls werden protokolliert.');
    expect(text).not.toContain('Jeder Zugriff');

    const statistics = items[8];
    if (!statistics) throw new Error('statistics item missing');
    expect(within(statistics).getByText('in Arbeit')).toBeInTheDocument();
    // Only the statistics card is unfinished.
    expect(within(features).getAllByText('in Arbeit')).toHaveLength(1);
  });

  it('shows the three workflows with their steps in order', async () => {
    const { container } = await renderLanding('signedOut');
    const workflows = section(container, 'workflows');

    const steps = (title: string) => {
      const card = within(workflows).getByRole('article', { name: title });
      const list = within(card).getByRole('list');
      expect(list.tagName).toBe('OL');
      return within(list).getAllByRole('listitem').map((item) => item.textContent);
    };

    expect(steps('Sanitätsdienst anlegen')).toEqual([
      'Organisation erstellen oder auswählen',
      'Teammitglieder einladen',
      'Sanitätsdienst mit Ort und Zeitraum planen',
      'Dienst archivieren und Protokolle später wieder öffnen',
    ]);
    expect(steps('Bagatellbehandlung')).toEqual([
      'Schnellerfassung öffnen',
      'Vordefiniertes Material auswählen',
      'Behandlung dokumentieren',
      'Automatische Materialverbrauchsliste erhalten',
    ]);
    expect(steps('Patientenprotokoll')).toEqual([
      'Protokoll anlegen',
      'Patientendaten und Anamnese erfassen',
      'Vitalparameter fortlaufend dokumentieren',
      'Übergabe- oder Gesamtprotokoll drucken',
      'Automatische Verschlüsselung bei der Entlassung',
    ]);
  });

  it('makes the security claims, naming AES-256-GCM', async () => {
    const { container } = await renderLanding('signedOut');
    const security = section(container, 'security');
    const text = security.textContent;

    expect(within(security).getAllByRole('listitem')).toHaveLength(5);
    expect(text).toContain('Datenschutzkonform nach DSGVO');
    expect(text).toContain('Vitalparameter und Behandlungen werden getrennt von den Patientendaten gespeichert');
    expect(text).toContain('Patientendaten und Zugriffsprotokolle sind nur für den Inhaber der Organisation sichtbar');
    expect(text).toContain('Protokolliert wird, wer ein Patientenprotokoll oder die Patientenliste eines Dienstes öffnet, den vollständigen Namen einer Bagatellbehandlung anzeigt oder ein Protokoll druckt');
    expect(text).not.toContain('Zugriffe auf Patientenakten und Dienste');
    expect(text).toContain('Nach der Entlassung werden die Angaben zur Person mit AES-256-GCM verschlüsselt');
    // Exactly what the code does (docs/security.md "Clinical data follows the team"): the clinical part is not sealed yet.
    expect(text).toContain('Die medizinischen Angaben werden dabei noch nicht versiegelt.');
    expect(within(security).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });

  it('has the legal footer links, the contact mail link and the 2025 copyright', async () => {
    await renderLanding('signedOut');
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(within(footer).getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/nutzungsbedingungen');
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(within(footer).getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', 'mailto:info@sanidok.de');
    expect(within(footer).getByText('© 2025 SaniDok')).toBeInTheDocument();
    // No dashboard link for visitors.
    expect(within(footer).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends visitors without a session to /auth', async () => {
    await renderLanding('signedOut');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Anmelden oder registrieren' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Kostenlos registrieren' })).toHaveAttribute('href', '/auth');
    expect(hrefsOf(screen.getAllByRole('link'))).not.toContain('/dashboard');
  });

  it('treats an unreachable server (offline) as signed out', async () => {
    await renderLanding('offline');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
    expect(hrefsOf(screen.getAllByRole('link'))).not.toContain('/dashboard');
  });

  it('sends signed-in users to /dashboard, including from the footer', async () => {
    await renderLanding('signedIn');

    const banner = screen.getByRole('banner');
    await waitFor(() => {
      expect(within(banner).getByRole('link', { name: 'Zum Dashboard' })).toHaveAttribute('href', '/dashboard');
    });
    const main = screen.getByRole('main');
    const mainCtas = within(main).getAllByRole('link', { name: 'Zum Dashboard' });
    // Hero and closing call to action.
    expect(mainCtas).toHaveLength(2);
    expect(hrefsOf(mainCtas)).toEqual(['/dashboard', '/dashboard']);

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(hrefsOf(screen.getAllByRole('link'))).not.toContain('/auth');
    expect(screen.queryByRole('link', { name: 'Anmelden' })).not.toBeInTheDocument();
  });
});
