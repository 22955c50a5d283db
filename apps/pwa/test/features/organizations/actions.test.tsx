import type { MemberListItem, OrganizationListItem } from '@sanidok/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import { InviteMemberDialog } from '../../../src/features/organizations/InviteMemberDialog';
import { materials, memberOrg, memberOrgMembers, ownedMembers, ownedOrg } from './organizations.fixtures';
import { bodyText, callsTo, findDialogError, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

type Handlers = Parameters<typeof mockApi>[0];

function setup(orgs: OrganizationListItem[] = [ownedOrg, memberOrg], handlers: Handlers = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json(orgs),
    'GET /api/invitations': () => json([]),
    'GET /api/organizations/1/members': () => json(ownedMembers),
    'GET /api/organizations/2/members': () => json(memberOrgMembers),
    'GET /api/materials?organizationId=1': () => json(materials),
    'GET /api/materials?organizationId=2': () => json(materials.map((m) => ({ ...m, organizationId: 2 }))),
    'GET /api/organizations/1/access-logs': () => json([]),
    ...handlers,
  });
  return { fetchMock, ...renderApp('/organizations') };
}

async function openInviteDialog(app: ReturnType<typeof setup>) {
  const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
  await app.user.click(within(detail).getByRole('button', { name: 'Mitglied hinzufügen' }));
  return screen.findByRole('dialog', { name: 'Mitglied hinzufügen' });
}

describe('Mitglied hinzufügen', () => {
  it('shows the schema messages for a short username and a cleared role', async () => {
    const app = setup();
    const dialog = await openInviteDialog(app);
    expect(within(dialog).getByRole('combobox', { name: /Rolle/ })).toHaveValue('Mitglied');
    await app.user.type(within(dialog).getByLabelText(/^Benutzername/), 'ab');
    // Choosing the selected option again clears the select.
    await app.user.click(within(dialog).getByRole('combobox', { name: /Rolle/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Mitglied' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findByText('Benutzername muss mindestens 3 Zeichen lang sein')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wählen Sie eine Rolle')).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/invite')).toHaveLength(0);
  });

  it('invites with the chosen role and shows Einladung versendet', async () => {
    const app = setup(undefined, { 'POST /api/organizations/1/invite': () => json({ ok: true }, 201) });
    const dialog = await openInviteDialog(app);
    await app.user.type(within(dialog).getByLabelText(/^Benutzername/), 'dora.d');
    await app.user.click(within(dialog).getByRole('combobox', { name: /Rolle/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    await findToast('Einladung versendet');
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/invite')[0]?.body).toEqual({ username: 'dora.d', role: 'admin' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mitglied hinzufügen' })).not.toBeInTheDocument());
  });

  it('keeps the input and shows Fehler with the server message when inviting fails', async () => {
    const message = 'Dieser Benutzer ist bereits Mitglied der Organisation.';
    const app = setup(undefined, {
      'POST /api/organizations/1/invite': () => json({ message, code: 'CONFLICT' }, 409),
    });
    const dialog = await openInviteDialog(app);
    await app.user.type(within(dialog).getByLabelText(/^Benutzername/), 'niemand');
    await app.user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await findDialogError(dialog, 'Fehler')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText(/^Benutzername/)).toHaveValue('niemand');
  });

  it('answers Keine Organisation ausgewählt when no organisation is selected', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <InviteMemberDialog opened organizationId={null} onClose={() => undefined} />
      </AppProviders>,
    );
    await user.type(screen.getByLabelText(/^Benutzername/), 'dora.d');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await findDialogError(screen.getByRole('dialog'), 'Fehler')).toHaveTextContent('Keine Organisation ausgewählt');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Mitglieder entfernen und austreten', () => {
  it('asks before removing a member and shows Benutzer entfernt', async () => {
    let members: MemberListItem[] = ownedMembers;
    const app = setup([ownedOrg], {
      'GET /api/organizations/1/members': () => json(members),
      'DELETE /api/organizations/1/members/8': () => {
        members = members.filter((m) => m.user.id !== 8);
        return json({ ok: true });
      },
    });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(await within(detail).findByRole('button', { name: 'Ben Bauer entfernen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mitglied entfernen' });
    expect(callsTo(app.fetchMock, 'DELETE', '/api/organizations/1/members/8')).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: 'Entfernen' }));
    await findToast('Benutzer entfernt');
    expect(callsTo(app.fetchMock, 'DELETE', '/api/organizations/1/members/8')).toHaveLength(1);
    await waitFor(() => expect(within(detail).queryByText('Ben Bauer')).not.toBeInTheDocument());
  });

  it('lets a member leave after confirming and clears the selection', async () => {
    let orgs = [ownedOrg, memberOrg];
    const app = setup(undefined, {
      'GET /api/organizations': () => json(orgs),
      'DELETE /api/organizations/2/members/7': () => {
        orgs = [ownedOrg];
        return json({ ok: true });
      },
    });
    const list = await screen.findByRole('list', { name: 'Ihre Organisationen' });
    await app.user.click(within(list).getByRole('button', { name: /Malteser Süd/ }));
    const detail = await screen.findByRole('region', { name: 'Malteser Süd' });
    // A plain member: no invite button, no remove buttons, but 'Austreten' on the own row.
    expect(within(detail).queryByRole('button', { name: 'Mitglied hinzufügen' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
    await app.user.click(await within(detail).findByRole('button', { name: 'Austreten' }));
    const confirm = await screen.findByRole('dialog', { name: 'Organisation verlassen' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Austreten' }));
    await findToast('Benutzer entfernt');
    expect(callsTo(app.fetchMock, 'DELETE', '/api/organizations/2/members/7')).toHaveLength(1);
    expect(await screen.findByText(/Wählen Sie eine Organisation aus/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Ihre Organisationen' })).queryByText('Malteser Süd')).not.toBeInTheDocument();
  });
});

describe('Material', () => {
  it('shows the schema messages and adds a material with the organisation id', async () => {
    const app = setup([ownedOrg], {
      'POST /api/materials': (init) => json({ id: 103, organizationId: 1, ...(JSON.parse(bodyText(init)) as object) }, 201),
    });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('tab', { name: 'Material' }));
    const table = await within(detail).findByRole('table', { name: 'Material' });
    expect(within(table).getByText('Pflaster')).toBeInTheDocument();
    await app.user.click(within(detail).getByRole('button', { name: 'Material hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Material hinzufügen' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Material hinzufügen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Namen ein')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte geben Sie eine Einheit ein')).toBeInTheDocument();

    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Rettungsdecke');
    await app.user.type(within(dialog).getByLabelText(/^Einheit/), 'Stück');
    await app.user.click(within(dialog).getByRole('button', { name: 'Material hinzufügen' }));
    await findToast('Material hinzugefügt');
    expect(callsTo(app.fetchMock, 'POST', '/api/materials')[0]?.body).toEqual({ name: 'Rettungsdecke', unit: 'Stück', organizationId: 1, unitPriceCents: null });
  });

  it('takes a unit price in euros when adding, and lets the owner change it in its own dialog', async () => {
    const app = setup([ownedOrg], {
      'POST /api/materials': (init) => json({ id: 103, organizationId: 1, ...(JSON.parse(bodyText(init)) as object) }, 201),
      'PATCH /api/materials/101': (init) => json({ id: 101, name: 'Pflaster', unit: 'Stück', organizationId: 1, ...(JSON.parse(bodyText(init)) as object) }),
    });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('tab', { name: 'Material' }));
    const table = await within(detail).findByRole('table', { name: 'Material' });
    expect(within(table).getByRole('columnheader', { name: 'Preis je Einheit (€)' })).toBeInTheDocument();
    await app.user.click(within(detail).getByRole('button', { name: 'Material hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Material hinzufügen' });
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'Kühlpack');
    await app.user.type(within(dialog).getByLabelText(/^Einheit/), 'Stück');
    await app.user.type(within(dialog).getByLabelText(/^Preis je Einheit/), 'zwei Euro');
    await app.user.click(within(dialog).getByRole('button', { name: 'Material hinzufügen' }));
    expect(await within(dialog).findByText('Bitte geben Sie den Preis in Euro an, z. B. 1,20 (höchstens 10.000 €).')).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText(/^Preis je Einheit/));
    await app.user.type(within(dialog).getByLabelText(/^Preis je Einheit/), '1,2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Material hinzufügen' }));
    await findToast('Material hinzugefügt');
    expect(callsTo(app.fetchMock, 'POST', '/api/materials')[0]?.body).toEqual({ name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: 120 });

    await app.user.click(within(table).getByRole('button', { name: 'Preis von Pflaster ändern' }));
    const priceDialog = await screen.findByRole('dialog', { name: 'Preis je Einheit: Pflaster' });
    await app.user.type(within(priceDialog).getByLabelText(/^Preis je Einheit/), '0,35');
    await app.user.click(within(priceDialog).getByRole('button', { name: 'Speichern' }));
    await findToast('Preis gespeichert');
    expect(callsTo(app.fetchMock, 'PATCH', '/api/materials/101').map((c) => c.body)).toEqual([{ unitPriceCents: 35 }]);
  });

  it('lets the owner delete after confirming; members see no material actions', async () => {
    const app = setup(undefined, { 'DELETE /api/materials/101': () => json({ ok: true }) });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('tab', { name: 'Material' }));
    await app.user.click(await within(detail).findByRole('button', { name: 'Pflaster löschen' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Material löschen' })).getByRole('button', { name: 'Löschen' }));
    await findToast('Material gelöscht');
    expect(callsTo(app.fetchMock, 'DELETE', '/api/materials/101')).toHaveLength(1);

    const list = screen.getByRole('list', { name: 'Ihre Organisationen' });
    await app.user.click(within(list).getByRole('button', { name: /Malteser Süd/ }));
    const other = await screen.findByRole('region', { name: 'Malteser Süd' });
    await app.user.click(within(other).getByRole('tab', { name: 'Material' }));
    expect(await within(other).findByText('Pflaster')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Material hinzufügen' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /löschen/ })).not.toBeInTheDocument();
  });
});

describe('Organisationen außerhalb der Seite', () => {
  it('shows Patientenarchiv in the sidebar only to owners', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([memberOrg]) });
    const first = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/organizations').length).toBeGreaterThan(0));
    await waitFor(() => expect(first.queryClient.getQueryState(['organizations', 'list'])?.status).toBe('success'));
    expect(within(nav).queryByRole('link', { name: 'Patientenarchiv' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([memberOrg, ownedOrg]) });
    renderApp('/dashboard');
    const ownerNav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(await within(ownerNav).findByRole('link', { name: 'Patientenarchiv' })).toHaveAttribute('href', '/patient-archive');
  });

  it('lists memberships with role badge and member-since date on /profile', async () => {
    mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/organizations': () => json([ownedOrg, memberOrg]) });
    renderApp('/profile');
    const org = await screen.findByText('DRK Ortsverein Nord');
    const row = org.closest('.mantine-Group-root') as HTMLElement;
    expect(within(row).getByText('Inhaber')).toBeInTheDocument();
    expect(within(row).getByText('Mitglied seit 02.03.2026')).toBeInTheDocument();
    const other = screen.getByText('Malteser Süd').closest('.mantine-Group-root') as HTMLElement;
    expect(within(other).getByText('Mitglied')).toBeInTheDocument();
    expect(within(other).getByText('Mitglied seit 10.04.2026')).toBeInTheDocument();
  });

  it('shows the getting-started list on the dashboard', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Erste Schritte' });
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('a, p')?.textContent)).toEqual([
      'Organisation erstellen',
      'Sanitätsdienst planen',
      'Materialkatalog anlegen',
      'Teammitglieder einladen',
      'Team einweisen',
    ]);
    const links = within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Organisation erstellen', '/organizations'],
      ['Sanitätsdienst planen', '/services'],
      ['Materialkatalog anlegen', '/organizations'],
      ['Teammitglieder einladen', '/organizations'],
    ]);
  });
});

describe('Gerätesperre der Mitglieder', () => {
  it('the owner sets the longest lock time; a member sees no such setting', async () => {
    const app = setup([ownedOrg, memberOrg], {
      'PUT /api/organizations/1/lock-time': (init) => json({ ...ownedOrg, ...(JSON.parse(bodyText(init)) as object) }),
    });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    const select = within(detail).getByRole('combobox', { name: 'Gerätesperre der Mitglieder' });
    expect(select).toHaveValue('5');
    await app.user.selectOptions(select, '15');
    await findToast('Sperrzeit gespeichert');
    expect(callsTo(app.fetchMock, 'PUT', '/api/organizations/1/lock-time').map((c) => c.body)).toEqual([{ lockAfterMinutes: 15 }]);

    await app.user.click(screen.getByRole('button', { name: new RegExp(memberOrg.name) }));
    const memberDetail = await screen.findByRole('region', { name: memberOrg.name });
    expect(within(memberDetail).queryByRole('combobox', { name: 'Gerätesperre der Mitglieder' })).toBeNull();
  });
});
