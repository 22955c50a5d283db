import type { SessionListItem } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberOrg, memberOrgMembers, ownedMembers, ownedOrg } from './organizations.fixtures';
import { callsTo, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

const tablet: SessionListItem = {
  id: 'sess-tablet', userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
  createdAt: '2026-11-27T08:00:00.000Z', lastSeenAt: '2026-11-27T20:15:00.000Z', expiresAt: '2026-11-28T08:00:00.000Z',
  rememberMe: false, current: false, syncingDevice: true,
};

function setup() {
  let sessions = [tablet];
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json([ownedOrg, memberOrg]),
    'GET /api/invitations': () => json([]),
    'GET /api/organizations/1/members': () => json(ownedMembers),
    'GET /api/organizations/2/members': () => json(memberOrgMembers),
    'GET /api/materials?organizationId=1': () => json([]),
    'GET /api/organizations/1/access-logs': () => json([]),
    'GET /api/organizations/1/members/9/sessions': () => json(sessions),
    'POST /api/organizations/1/members/9/sessions/sess-tablet/lost': () => {
      sessions = [];
      return json({ ok: true });
    },
  });
  return { fetchMock, ...renderApp('/organizations') };
}

describe('a member’s devices (owner and admins)', () => {
  it('lists the member’s devices and reports one lost only after a second tap', async () => {
    const app = setup();
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    // Not for oneself: one's own devices are in the settings.
    expect(within(detail).queryByRole('button', { name: `Angemeldete Geräte von ${testUser.fullName ?? ''}` })).not.toBeInTheDocument();
    await app.user.click(await within(detail).findByRole('button', { name: 'Angemeldete Geräte von carla.m' }));
    const dialog = await screen.findByRole('dialog', { name: 'Angemeldete Geräte von carla.m' });
    expect(await within(dialog).findByText('Gleicht Daten ab')).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Gerät als verloren melden' }));
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/members/9/sessions/sess-tablet/lost')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Ja, als verloren melden' }));
    await findToast('Gerät als verloren gemeldet');
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/members/9/sessions/sess-tablet/lost')).toHaveLength(1);
    expect(await within(dialog).findByText('Keine angemeldeten Geräte.')).toBeInTheDocument();
  });

  it('offers no devices button to a plain member', async () => {
    const app = setup();
    const list = await screen.findByRole('list', { name: 'Ihre Organisationen' });
    await app.user.click(within(list).getByRole('button', { name: /Malteser Süd/ }));
    const detail = await screen.findByRole('region', { name: 'Malteser Süd' });
    await waitFor(() => expect(within(detail).getByText('Otto Inhaber')).toBeInTheDocument());
    expect(within(detail).queryByRole('button', { name: /Angemeldete Geräte von/ })).not.toBeInTheDocument();
  });
});
