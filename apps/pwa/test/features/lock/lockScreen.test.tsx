import { toBase64Url } from '@sanidok/crypto/device';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import { lockDevice, unlockDevice } from '../../../src/data/crypto/deviceKeys';
import { enrolDevicePin, hasDevicePin } from '../../../src/data/crypto/devicePin';
import type { SaniDokDb } from '../../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../../src/data/db';
import { LockScreen } from '../../../src/features/lock/LockScreen';
import { useLockStore } from '../../../src/sync/lockStore';
import { json, mockApi } from '../../helpers/render';

/** The lock screen with a wrong PIN, a destroyed share, no network and no WebAuthn. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const user = { id: 4242, name: 'Anna Sanitäterin' };
const password = 'Korrekt-Pferd-Batterie-7';
const share = toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)));

async function lockedDeviceWithPin(): Promise<SaniDokDb> {
  const db = openUserDatabase(user.id, user.name);
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  await enrolDevicePin(db, '123456', () => Promise.resolve(share), cheap);
  lockDevice(db);
  useLockStore.setState({ status: 'locked', error: null, hasPin: true });
  return db;
}

function renderLockScreen() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <LockScreen user={user} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await deleteUserDatabase(user.id);
});

describe('lock screen', () => {
  it('shows no form until the device has said whether it holds a PIN, then the PIN at once (no switch under the fingers)', async () => {
    await lockedDeviceWithPin();
    useLockStore.setState({ methodsKnown: false });
    renderLockScreen();
    expect(screen.getByRole('heading', { name: 'SaniDok ist gesperrt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Entsperren wird vorbereitet …')).toBeInTheDocument();
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
    act(() => useLockStore.setState({ methodsKnown: true }));
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit Passwort entsperren' })).toBeInTheDocument();
  });

  it('a wrong PIN shows the server’s German message with the attempts left; the right one unlocks', async () => {
    const db = await lockedDeviceWithPin();
    const answers = [
      json({ message: 'Falsche PIN. Noch 4 Versuche, danach ist das Passwort nötig.', code: 'PIN_WRONG' }, 403),
      json({ share }),
    ];
    mockApi({ 'POST /api/device/pin/unlock': () => answers.shift() ?? json({}, 500) });
    const ui = userEvent.setup();
    renderLockScreen();
    await ui.type(screen.getByLabelText('PIN'), '654321');
    await ui.click(screen.getByRole('button', { name: 'Mit PIN entsperren' }));
    expect(await screen.findByText('Falsche PIN. Noch 4 Versuche, danach ist das Passwort nötig.')).toBeInTheDocument();
    expect(db.crypto.state).toBe('locked');
    await ui.type(screen.getByLabelText('PIN'), '123456');
    await ui.click(screen.getByRole('button', { name: 'Mit PIN entsperren' }));
    await waitFor(() => expect(useLockStore.getState().status).toBe('unlocked'));
    expect(db.crypto.state).toBe('unlocked');
  });

  it('when the server destroyed the share, the PIN copy is dropped and the password is asked', async () => {
    const db = await lockedDeviceWithPin();
    mockApi({
      'POST /api/device/pin/unlock': () =>
        json({ message: 'Zu viele falsche PINs: Die PIN dieses Geräts ist gelöscht. Bitte mit dem Passwort entsperren.', code: 'PIN_LOCKED' }, 409),
    });
    const ui = userEvent.setup();
    renderLockScreen();
    await ui.type(screen.getByLabelText('PIN'), '000000');
    await ui.click(screen.getByRole('button', { name: 'Mit PIN entsperren' }));
    expect(await screen.findByText('Zu viele falsche PINs: Die PIN dieses Geräts ist gelöscht. Bitte mit dem Passwort entsperren.')).toBeInTheDocument();
    expect(await hasDevicePin(db)).toBe(false);
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit PIN entsperren' })).not.toBeInTheDocument();
  });

  it('offline, and in a browser without WebAuthn PRF, the password unlocks; a wrong one is refused in German', async () => {
    const db = await lockedDeviceWithPin();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('PublicKeyCredential', undefined);
    const fetchMock = mockApi({});
    const ui = userEvent.setup();
    renderLockScreen();
    expect(screen.getByText('Offline: Entsperren mit dem Passwort.')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Passwort'), 'falsch-falsch');
    await ui.click(screen.getByRole('button', { name: 'Entsperren' }));
    expect(await screen.findByText('Falsches Passwort. Die Daten dieses Geräts bleiben gesperrt.')).toBeInTheDocument();
    await ui.clear(screen.getByLabelText('Passwort'));
    await ui.type(screen.getByLabelText('Passwort'), password);
    await ui.click(screen.getByRole('button', { name: 'Entsperren' }));
    await waitFor(() => expect(db.crypto.state).toBe('unlocked'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
