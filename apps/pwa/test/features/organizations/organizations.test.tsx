import type { OrganizationListItem } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessLogs, invitations, memberOrg, ownedOrg, setupOrganizationsPage } from './organizations.fixtures';
import { callsTo, findToast, json, urlOf } from '../../helpers/render';

type Handlers = Parameters<typeof setupOrganizationsPage>[1];

const setup = (orgs: OrganizationListItem[] = [ownedOrg, memberOrg], handlers: Handlers = {}) =>
  setupOrganizationsPage(orgs, {
    'GET /api/materials?organizationId=2': () => json([]),
    'GET /api/organizations/1/access-logs': () => json(accessLogs),
    ...handlers,
  });

async function selectOrganization(app: ReturnType<typeof setup>, name: string) {
  const list = await screen.findByRole('list', { name: 'Ihre Organisationen' });
  await app.user.click(within(list).getByRole('button', { name: new RegExp(name) }));
  return screen.findByRole('region', { name });
}

describe('/organizations', () => {
  it('lists the organisations and shows the first one with its members and role badges', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisationen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Organisationen' })).toHaveAttribute('aria-selected', 'true');
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    const members = await within(detail).findByRole('list', { name: 'Mitglieder' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Inhaber')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Ben Bauer')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Administrator')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('carla.m')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Mitglied')).toBeInTheDocument();
    // The owner removes others but neither himself nor leaves.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Ben Bauer entfernen' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Austreten' })).not.toBeInTheDocument();
  });

  it('polls at the spec intervals: organisations and members 5 s, invitations 10 s, access logs 30 s', async () => {
    const app = setup();
    const intervals = (key: readonly unknown[]) =>
      app.queryClient
        .getQueryCache()
        .find({ queryKey: key, exact: true })
        ?.observers.map((o) => o.options.refetchInterval);
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await within(detail).findByRole('list', { name: 'Mitglieder' });
    expect(intervals(['organizations', 'list'])).toContain(5_000);
    expect(intervals(['organizations', 1, 'members'])).toEqual([5_000]);
    // The navigation and the page share the invitations query: every observer polls at 10 s.
    expect(new Set(intervals(['invitations']))).toEqual(new Set([10_000]));
    await app.user.click(within(detail).getByRole('tab', { name: 'Zugriffsprotokolle' }));
    await within(detail).findByRole('table', { name: 'Zugriffsprotokolle der Organisation' });
    expect(intervals(['organizations', 1, 'access-logs'])).toEqual([30_000]);
  });

  it('shows Zugriffsprotokolle only to the owner and never asks for the logs of other organisations', async () => {
    const app = setup();
    const owned = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    expect(within(owned).getByRole('tab', { name: 'Zugriffsprotokolle' })).toBeInTheDocument();

    const other = await selectOrganization(app, 'Malteser Süd');
    expect(within(other).getByRole('tab', { name: 'Mitglieder' })).toBeInTheDocument();
    expect(within(other).getByRole('tab', { name: 'Material' })).toBeInTheDocument();
    expect(within(other).queryByRole('tab', { name: 'Zugriffsprotokolle' })).not.toBeInTheDocument();
    expect(app.fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/api/organizations/2/access-logs'))).toBe(false);
  });

  it('lists access logs newest first with action labels, masked addresses and a 400 px scroll area', async () => {
    const app = setup();
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('tab', { name: 'Zugriffsprotokolle' }));
    const table = await within(detail).findByRole('table', { name: 'Zugriffsprotokolle der Organisation' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Aktion', 'Protokoll', 'Benutzer', 'Zeitpunkt', 'IP-Adresse', 'Details']);

    const rows = within(table).getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(rows).toEqual([
      ['RTW-Übergabe gedruckt', 'prot-newer', 'carla.m', '02.05.2026 16:15', '10.20.*.*', 'RTW 1/83-1'],
      ['Vollständiges Protokoll gedruckt', 'prot-middle', '-', '01.05.2026 22:00', '2001:db8:*', '-'],
      ['Protokoll geöffnet', 'prot-older', 'Ben Bauer (ben.admin)', '01.05.2026 10:00', '192.168.*.*', '-'],
    ]);
    expect(screen.getByTestId('access-log-scroll')).toHaveStyle({ height: '400px' });
  });

  it('shows Fehler beim Laden der Zugriffsprotokolle when the logs cannot be loaded', async () => {
    const app = setup(undefined, {
      'GET /api/organizations/1/access-logs': () => json({ message: 'Nur der Inhaber darf die Zugriffsprotokolle sehen.', code: 'FORBIDDEN' }, 403),
    });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('tab', { name: 'Zugriffsprotokolle' }));
    const toast = await findToast('Fehler beim Laden der Zugriffsprotokolle');
    expect(within(toast).getByText('Nur der Inhaber darf die Zugriffsprotokolle sehen.')).toBeInTheDocument();
  });

  it('lays the lock overlay over a blocked organisation; behind it, adding members and materials stays disabled', async () => {
    const app = setup([{ ...ownedOrg, isBlocked: true }]);
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    const overlay = within(detail).getByRole('region', { name: 'Organisation gesperrt' });
    expect(overlay).toHaveTextContent('Diese Organisation wurde von der Plattform-Administration gesperrt.');
    // Under the veil nothing can be reached, by pointer or keyboard.
    expect(within(detail).getByRole('tab', { name: 'Mitglieder' }).closest('[inert]')).not.toBeNull();
    await app.user.click(within(overlay).getByRole('button', { name: 'Inhalte ansehen' }));
    expect(within(detail).queryByRole('region', { name: 'Organisation gesperrt' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('status')).toHaveTextContent('Organisation gesperrt');
    expect(within(detail).getByRole('tab', { name: 'Mitglieder' }).closest('[inert]')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Ihre Organisationen' })).getByText('Gesperrt')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Mitglied hinzufügen' })).toBeDisabled();
    await app.user.click(within(detail).getByRole('tab', { name: 'Material' }));
    expect(await within(detail).findByRole('button', { name: 'Material hinzufügen' })).toBeDisabled();
    expect(within(detail).getByRole('button', { name: 'Pflaster löschen' })).toBeDisabled();
  });

  it('counts pending invitations in the Einladungen badge and accepts one', async () => {
    let pending = invitations;
    const app = setup([ownedOrg], {
      'GET /api/invitations': () => json(pending),
      'POST /api/invitations/51/respond': () => {
        pending = pending.filter((i) => i.id !== 51);
        return json({ status: 'accepted' });
      },
    });
    const tab = await screen.findByRole('tab', { name: /Einladungen/ });
    expect(await within(tab).findByTestId('invitations-badge')).toHaveTextContent('2');
    expect(within(tab).getByLabelText('2 offene Einladungen')).toBeInTheDocument();

    await app.user.click(tab);
    const invitationList = await screen.findByRole('list', { name: 'Einladungen' });
    const asb = within(invitationList).getByRole('listitem', { name: 'ASB Mitte' });
    expect(within(asb).getByText('Administrator')).toBeInTheDocument();
    expect(within(asb).getByText(/Eingeladen von paula\.p/)).toBeInTheDocument();
    expect(asb).toHaveTextContent('gültig bis 17.05.2026');
    await app.user.click(within(asb).getByRole('button', { name: 'Annehmen' }));
    await findToast('Einladung bearbeitet');
    expect(callsTo(app.fetchMock, 'POST', '/api/invitations/51/respond')[0]?.body).toEqual({ response: 'accepted' });
    await waitFor(() => expect(within(screen.getByRole('tab', { name: /Einladungen/ })).getByTestId('invitations-badge')).toHaveTextContent('1'));
  });

  it('shows the server message or the fallback when answering an invitation fails', async () => {
    const app = setup([ownedOrg], {
      'GET /api/invitations': () => json(invitations),
      'POST /api/invitations/52/respond': () => json({ message: 'Einladung nicht gefunden.', code: 'NOT_FOUND' }, 404),
    });
    await app.user.click(await screen.findByRole('tab', { name: /Einladungen/ }));
    const juh = await screen.findByRole('listitem', { name: 'JUH West' });
    await app.user.click(within(juh).getByRole('button', { name: 'Ablehnen' }));
    const toast = await findToast('Fehler');
    expect(within(toast).getByText('Einladung nicht gefunden.')).toBeInTheDocument();
  });
});
