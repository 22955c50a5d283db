import type { ServiceTeamMember } from '@sanidok/schema';
import { serviceTeamMemberId, serviceTeamMessages } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaniDokDb } from '../../../src/data/db';
import { callsTo, json, mockApi, renderApp, testUser } from '../../helpers/render';
import { org, planned, running, seed } from './services.fixtures';

const stadtfest = running({ name: 'Stadtfest', accessCode: 'SANI-4242' });

const member = (userId: number, username: string, overrides: Partial<ServiceTeamMember> = {}): ServiceTeamMember => ({
  serviceId: stadtfest.id, organizationId: 1, userId, username, addedAt: '2026-07-04T08:00:00.000Z', addedById: 9, addedByName: 'Olga Owner', method: 'assigned', ...overrides,
});

/** The device as a pull with teams leaves it: team rows stored, the cursor covering the entity. */
async function withTeam(db: SaniDokDb, members: ServiceTeamMember[]): Promise<void> {
  await db.serviceTeamMembers.bulkPut(members.map((m) => ({ ...m, id: serviceTeamMemberId(m.serviceId, m.userId) })));
  await db.setMeta('cursorEntities', ['service', 'serviceTeamMember']);
}

function renderWith(path: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), ...handlers });
  return { fetchMock, ...renderApp(path) };
}

describe('service team on the service detail', () => {
  it('lists who is on the team, who assigned whom when and how, from the device', async () => {
    const db = await seed([org(1, 'member')], [stadtfest]);
    await withTeam(db, [
      member(9, 'olga', { method: 'creator', addedById: null, addedByName: null }),
      member(testUser.id, testUser.username, { addedAt: '2026-07-04T09:30:00.000Z' }),
      member(12, 'ben', { method: 'accessCode', addedAt: '2026-07-04T10:00:00.000Z', addedById: null, addedByName: null }),
    ]);
    renderWith(`/services/${stadtfest.id}?tab=team`);
    const list = await screen.findByRole('list', { name: 'Team des Sanitätsdienstes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Hat den Dienst erstellt (04.07.2026 10:00)'),
      expect.stringContaining('Eingeteilt von Olga Owner am 04.07.2026 11:30'),
      expect.stringContaining('Mit Zugangscode beigetreten am 04.07.2026 12:00'),
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Sie')).toBeInTheDocument();
    // On the team: the code with its QR code, but no management for a plain member.
    // The code panel waits for the device's team standing (its own live query): findBy, not getBy.
    expect(await screen.findByTestId('access-code', {}, { timeout: 5_000 })).toHaveTextContent('SANI-4242');
    expect(await screen.findByRole('img', { name: 'QR-Code zum Beitreten: Stadtfest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Team bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Code neu erzeugen' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sie sind diesem Sanitätsdienst nicht zugeteilt')).not.toBeInTheDocument();
  });

  it('a member off the team sees the notice instead of capture buttons and no code; a wrong code shows the server message', async () => {
    const db = await seed([org(1, 'member')], [stadtfest]);
    await withTeam(db, [member(9, 'olga', { method: 'creator' })]);
    // As the pull sends it to a member off the team: no name.
    await db.minorTreatments.put({
      id: '01900000-0000-7000-8000-000000000077', serviceId: stadtfest.id, serviceName: 'Stadtfest', organizationId: 1, patientName: null,
      description: 'Schürfwunde Knie', treatedById: 9, createdAt: '2026-07-04T12:30:00.000Z', date: '2026-07-04T12:30:00.000Z', materials: [],
    });
    const { user, fetchMock } = renderWith(`/services/${stadtfest.id}?tab=minor-treatments`, {
      [`POST /api/services/${stadtfest.id}/join`]: () => json({ message: serviceTeamMessages.wrongCode, code: 'FORBIDDEN' }, 403),
    });
    // Both notices (tab and header) come from live queries of their own: wait for the second too.
    await waitFor(() => expect(screen.getAllByText('Sie sind diesem Sanitätsdienst nicht zugeteilt')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Neue Behandlung' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Name nur für das Team sichtbar' })).toHaveTextContent('Schürfwunde Knie');
    expect(screen.queryByText('SANI-4242')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Mit Zugangscode beitreten' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Mit Zugangscode beitreten' });
    await user.click(within(dialog).getByRole('button', { name: 'Beitreten' }));
    expect(within(dialog).getByText(serviceTeamMessages.codeRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Zugangscode' }), 'FALSCH');
    await user.click(within(dialog).getByRole('button', { name: 'Beitreten' }));
    expect(await within(dialog).findByText(serviceTeamMessages.wrongCode)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/services/${stadtfest.id}/join`).map((c) => c.body)).toEqual([{ accessCode: 'FALSCH' }]);
  });

  it('a planned service offers no join (the server allows it only while the service runs) and says so', async () => {
    const fest = planned({ name: 'Sommerfest' });
    const db = await seed([org(1, 'member')], [fest]);
    await withTeam(db, []);
    renderWith(`/services/${fest.id}`);
    expect(await screen.findByText(/Beitreten mit dem Zugangscode ist möglich, solange der Dienst läuft/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit Zugangscode beitreten' })).not.toBeInTheDocument();
  });

  it('joining offline says that a connection is needed', async () => {
    const db = await seed([org(1, 'member')], [stadtfest]);
    await withTeam(db, []);
    const { user } = renderWith(`/services/${stadtfest.id}`, {
      [`POST /api/services/${stadtfest.id}/join`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click((await screen.findAllByRole('button', { name: 'Mit Zugangscode beitreten' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Mit Zugangscode beitreten' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Zugangscode' }), 'SANI-4242');
    await user.click(within(dialog).getByRole('button', { name: 'Beitreten' }));
    expect(await within(dialog).findByText(serviceTeamMessages.offline)).toBeInTheDocument();
  });

  it('the owner edits the team with the organisation members and sends the whole team', async () => {
    const db = await seed([org(1, 'owner')], [stadtfest]);
    await withTeam(db, [member(testUser.id, testUser.username, { method: 'creator' })]);
    const members = [
      { id: 1, role: 'owner', memberSince: '2026-01-01T00:00:00.000Z', user: { id: testUser.id, username: testUser.username, fullName: null } },
      { id: 2, role: 'member', memberSince: '2026-01-01T00:00:00.000Z', user: { id: 12, username: 'ben', fullName: 'Ben Berger' } },
    ];
    const saved = [member(testUser.id, testUser.username, { method: 'creator' }), member(12, 'ben')];
    const { user, fetchMock } = renderWith(`/services/${stadtfest.id}?tab=team`, {
      'GET /api/organizations/1/members': () => json(members),
      [`PUT /api/services/${stadtfest.id}/team`]: () => json(saved),
    });
    // The list is read with the tab, before the tap: the dialog opens with it.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/organizations/1/members')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Team bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team bearbeiten' });
    expect(within(dialog).getByRole('checkbox', { name: testUser.username })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Berger (ben)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/services/${stadtfest.id}/team`).map((c) => c.body)).toEqual([{ userIds: [testUser.id, 12] }]));
    expect(screen.getByRole('button', { name: 'Code neu erzeugen' })).toBeInTheDocument();
  });
});
