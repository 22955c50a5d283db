import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, testUser } from '../../helpers/render';
import { invitations } from '../organizations/organizations.fixtures';
import { ended, inHours, org, planned, renderSignedIn, running, seed, service } from '../services/services.fixtures';

const card = (name: string) => screen.findByRole('region', { name });
const countIn = async (name: string) => within(await card(name)).getByTestId(/-count$/);

describe('/dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts running and planned services and lists them with badges and links', async () => {
    const active = [running({ name: 'Stadtfest', location: 'Marktplatz' }), running({ name: 'Konzert', location: 'Halle' })];
    const upcoming = [1, 2, 3, 4, 5].map((n) => planned({ name: `Geplant ${n}`, location: `Ort ${n}`, startDate: inHours(24 * n), endDate: inHours(24 * n + 5) }));
    await seed([org(1, 'owner')], [...active, ...[...upcoming].reverse(), ended({ name: 'Vorbei' }), ended({ name: 'Archiviert', status: 'archived' })]);
    renderSignedIn('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

    await waitFor(async () => expect(await countIn('Aktive Sanitätsdienste')).toHaveTextContent('2'));
    expect(within(await card('Aktive Sanitätsdienste')).getByText('Derzeit laufende Dienste')).toBeInTheDocument();
    expect(await countIn('Geplante Sanitätsdienste')).toHaveTextContent('5');
    expect(within(await card('Geplante Sanitätsdienste')).getByText('Kommende Dienste')).toBeInTheDocument();

    const activeList = await screen.findByRole('list', { name: 'Laufende Dienste' });
    const stadtfest = within(activeList).getByRole('listitem', { name: 'Stadtfest' });
    expect(within(stadtfest).getByText('Marktplatz')).toBeInTheDocument();
    expect(within(stadtfest).getByText('Aktiv')).toBeInTheDocument();
    expect(within(stadtfest).getByText(/^Beginn: \d\d\.\d\d\.\d{4} \d\d:\d\d · Ende: \d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(stadtfest).getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', `/services/${active[0]?.id}`);
    expect(within(activeList).getAllByRole('listitem')).toHaveLength(2);

    // The first three planned services, soonest first, then the link to the rest.
    const plannedList = screen.getByRole('list', { name: 'Anstehende Dienste' });
    const items = within(plannedList).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(['Geplant 1', 'Geplant 2', 'Geplant 3']);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Geplant')).toBeInTheDocument();
    expect(within(first).getByText('Ort 1')).toBeInTheDocument();
    expect(within(first).getByText(/^Beginn: \d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/services/${upcoming[0]?.id}`);
    expect(screen.getByRole('link', { name: '2 weitere geplante Dienste anzeigen →' })).toHaveAttribute('href', '/services?tab=planned');
    expect(screen.queryByText('Vorbei')).not.toBeInTheDocument();
  });

  it('shows no "weitere" link for exactly three planned services, and empty states', async () => {
    await seed([org(1, 'member')], [1, 2, 3].map((n) => planned({ name: `Geplant ${n}`, startDate: inHours(n), endDate: inHours(n + 1) })));
    renderSignedIn('/dashboard');
    const plannedList = await screen.findByRole('list', { name: 'Anstehende Dienste' });
    expect(within(plannedList).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /weitere geplante Dienste anzeigen/ })).not.toBeInTheDocument();
    expect(screen.getByText('Derzeit laufen keine Sanitätsdienste.')).toBeInTheDocument();
    expect(await countIn('Aktive Sanitätsdienste')).toHaveTextContent('0');
  });

  it('offers quick access, service creation and, for owners, the patient archive', async () => {
    await seed([org(1, 'owner')]);
    renderSignedIn('/dashboard');
    const quick = await card('Schnellzugriff');
    expect(within(quick).getByRole('link', { name: 'Organisationen' })).toHaveAttribute('href', '/organizations');
    expect(within(quick).getByRole('link', { name: 'Sanitätsdienste' })).toHaveAttribute('href', '/services');
    const create = await card('Sanitätsdienst erstellen');
    expect(within(create).getByRole('link', { name: 'Sanitätsdienst erstellen' })).toHaveAttribute('href', '/services?action=new');
    const archive = await card('Patientenarchiv');
    expect(within(archive).getByText('Zugriff auf verschlüsselte Patientenprotokolle')).toBeInTheDocument();
    expect(within(archive).getByRole('link', { name: 'Archiv öffnen' })).toHaveAttribute('href', '/patient-archive');
    const info = await card('SaniDok im Überblick');
    expect(within(within(info).getByRole('list', { name: 'SaniDok im Überblick' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Digitale Verwaltung von Patientenprotokollen',
      'Erfassung des Materialverbrauchs',
      'Dokumentation von Bagatellbehandlungen',
      'Sichere Benutzerverwaltung',
      'DSGVO-konforme Verschlüsselung',
    ]);
    expect(within(info).getByRole('region', { name: 'Erste Schritte' })).toBeInTheDocument();
  });

  it('shows the archive card only to organisation owners', async () => {
    await seed([org(1, 'admin'), org(2, 'member')]);
    renderSignedIn('/dashboard');
    expect(await card('Schnellzugriff')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'SaniDok im Überblick' });
    expect(screen.queryByRole('region', { name: 'Patientenarchiv' })).not.toBeInTheDocument();
  });

  it('offers a plain member no action they cannot take: no service creation, planned services open read-only', async () => {
    const upcoming = planned({ name: 'Sommerfest' });
    await seed([org(1, 'member')], [upcoming]);
    renderSignedIn('/dashboard');
    const plannedList = await screen.findByRole('list', { name: 'Anstehende Dienste' });
    const item = within(plannedList).getByRole('listitem', { name: 'Sommerfest' });
    expect(within(item).getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', `/services/${upcoming.id}`);
    expect(within(item).queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(await card('Schnellzugriff')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sanitätsdienst erstellen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sanitätsdienst erstellen' })).not.toBeInTheDocument();
  });

  it('offers no service creation when the only organisation the user plans for is blocked', async () => {
    await seed([org(1, 'owner', { isBlocked: true }), org(2, 'member')]);
    renderSignedIn('/dashboard');
    expect(await card('Schnellzugriff')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sanitätsdienst erstellen' })).not.toBeInTheDocument();
  });

  it('shows pending invitations with a link to answer them', async () => {
    await seed([org(1, 'member')]);
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/invitations': () => json(invitations) });
    renderApp('/dashboard');
    const notice = await card('Offene Einladungen');
    expect(within(notice).getByText('2 Organisationen haben Sie eingeladen.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Einladungen ansehen' })).toHaveAttribute('href', '/organizations?tab=invitations');
  });

  it('keeps Patientenarchiv in the navigation for an owner who starts offline (organisations of the last pull)', async () => {
    await seed([org(1, 'member'), org(2, 'owner')]);
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    mockApi({ 'GET /api/user': () => Promise.reject(new TypeError('Failed to fetch')), 'GET /api/organizations': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(await within(nav).findByRole('link', { name: 'Patientenarchiv' })).toHaveAttribute('href', '/patient-archive');
    expect(await card('Patientenarchiv')).toBeInTheDocument();
  });

  it('shows no invitation notice without pending invitations', async () => {
    await seed([org(1, 'owner')]);
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/invitations': () => json([]) });
    renderApp('/dashboard');
    expect(await card('Schnellzugriff')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'SaniDok im Überblick' });
    expect(screen.queryByRole('region', { name: 'Offene Einladungen' })).not.toBeInTheDocument();
  });

  it('moves a service from planned to running as time passes, without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-08-01T09:59:30.000Z') });
    await seed([org(1, 'owner')], [service({ name: 'Frühschoppen', startDate: '2026-08-01T10:00:00.000Z', endDate: '2026-08-01T14:00:00.000Z' })]);
    renderSignedIn('/dashboard');
    await waitFor(async () => expect(await countIn('Geplante Sanitätsdienste')).toHaveTextContent('1'));
    expect(await countIn('Aktive Sanitätsdienste')).toHaveTextContent('0');
    // The async form of act: React's updates and the promises the timers start settle before the check.
    await act(() => {
      vi.advanceTimersByTime(60_000);
      return Promise.resolve();
    });
    await waitFor(async () => expect(await countIn('Aktive Sanitätsdienste')).toHaveTextContent('1'));
    expect(await countIn('Geplante Sanitätsdienste')).toHaveTextContent('0');
    expect(within(screen.getByRole('list', { name: 'Laufende Dienste' })).getByRole('listitem', { name: 'Frühschoppen' })).toBeInTheDocument();
  });
});
