import type { SessionListItem } from '@sanidok/schema';
import { passwordPolicy } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../src/features/settings/deviceLabel';
import { de } from '../../../src/i18n/de';
import { callsTo, json, mockApi, renderApp, testUser } from '../../helpers/render';

const laptop: SessionListItem = {
  id: 'a'.repeat(32), userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  createdAt: '2026-11-27T08:00:00.000Z', lastSeenAt: '2026-11-27T09:00:00.000Z', expiresAt: '2026-11-27T10:00:00.000Z', rememberMe: false, current: true, syncingDevice: true,
};
const tablet: SessionListItem = {
  ...laptop, id: 'b'.repeat(32), userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', current: false,
};

async function openSessions(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), 'GET /api/sessions': () => json([laptop, tablet]), ...handlers });
  const app = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Angemeldete Geräte' });
  const tabletRow = await screen.findByLabelText('Chrome auf Android');
  return { ...app, fetchMock, tabletRow };
}

describe('/settings: signed-in devices', () => {
  it('lists the sessions with device, last use and this device marked', async () => {
    await openSessions();
    const current = screen.getByLabelText('Chrome auf Linux');
    expect(within(current).getByText('Dieses Gerät')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: 'Gerät als verloren melden' })).toBeNull();
    expect(within(screen.getByLabelText('Chrome auf Android')).getByText(/Zuletzt genutzt: 27\.11\.2026/)).toBeInTheDocument();
  });

  it('ends another session and reports another device lost, online', async () => {
    const { user, fetchMock, tabletRow } = await openSessions({
      [`DELETE /api/sessions/${tablet.id}`]: () => json({ ok: true }),
      [`POST /api/sessions/${tablet.id}/lost`]: () => json({ ok: true }),
    });
    await user.click(within(tabletRow).getByRole('button', { name: 'Beenden' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/api/sessions/${tablet.id}`)).toHaveLength(1));
    await user.click(within(screen.getByLabelText('Chrome auf Android')).getByRole('button', { name: 'Gerät als verloren melden' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/sessions/${tablet.id}/lost`)).toHaveLength(1));
  });

  it('signs out when the current session is ended', async () => {
    const { user, fetchMock } = await openSessions({ 'POST /api/logout': () => json({ ok: true }) });
    await user.click(within(screen.getByLabelText('Chrome auf Linux')).getByRole('button', { name: 'Beenden' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE', `/api/sessions/${laptop.id}`)).toHaveLength(0);
  });

  it('names browser and system from the User-Agent', () => {
    expect(describeUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari auf iPad');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge auf Windows');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox auf Windows');
    expect(describeUserAgent(null)).toBe('Unbekanntes Gerät');
  });

  it('asks for the same minimum password length in the settings tips as at registration', () => {
    const minimum = `mindestens ${passwordPolicy.min} Zeichen`;
    expect(de.auth.passwordHint).toContain(`Mindestens ${passwordPolicy.min} Zeichen`);
    expect(de.settings.tips.some((tip) => tip.includes(minimum))).toBe(true);
  });
});
