import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lostDeviceUser } from '../../../src/api/deviceLost';
import { fetchCurrentUser } from '../../../src/api/session';
import { json, mockApi, renderApp, testUser, unauthenticated } from '../../helpers/render';

/** What the sign-in page and the session probe do on a device reported lost (docs/decisions.md "A lost device pushes, then wipes itself"). */
describe('a device reported lost', () => {
  it('told DEVICE_LOST by the session probe, remembers whose outbox to push before the wipe', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    mockApi({ 'GET /api/user': () => json({ message: 'Dieses Gerät wurde als verloren gemeldet.', code: 'DEVICE_LOST' }, 401) });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(lostDeviceUser()).toEqual({ id: testUser.id, name: testUser.fullName || testUser.username });
  });

  it('an ordinary ended session marks nothing', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    mockApi({ 'GET /api/user': unauthenticated });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(lostDeviceUser()).toBeNull();
  });

  it('after the wipe, the sign-in page says why the data is gone, once', async () => {
    localStorage.setItem('sanidok.deviceWiped', '1');
    mockApi({ 'GET /api/user': unauthenticated });
    renderApp('/auth');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Daten auf diesem Gerät gelöscht');
    expect(alert).toHaveTextContent('Alle hier erfassten Änderungen wurden vorher an den Server übertragen');
    expect(localStorage.getItem('sanidok.deviceWiped')).toBeNull();
  });
});
