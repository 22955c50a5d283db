import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import { lockDevice, unlockDevice } from '../../../src/data/crypto/deviceKeys';
import { hasDevicePrf } from '../../../src/data/crypto/devicePrf';
import type { SaniDokDb } from '../../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../../src/data/db';
import { LockScreen } from '../../../src/features/lock/LockScreen';
import { PrfSettings } from '../../../src/features/lock/PrfSettings';
import { useLockStore } from '../../../src/sync/lockStore';
import { installFakeAuthenticator, removeFakeAuthenticator } from '../../helpers/fakeAuthenticator';
import { mockApi } from '../../helpers/render';

/** Quick unlock through the device lock (WebAuthn PRF) in the settings and on the lock screen. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const user = { id: 4444, name: 'Clara Wasserwacht' };
const password = 'Korrekt-Pferd-Batterie-7';

async function unlockedDevice(): Promise<SaniDokDb> {
  const db = openUserDatabase(user.id, user.name);
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  useLockStore.setState({ status: 'unlocked', error: null, hasPin: false, hasPrf: false });
  return db;
}

function renderIn(node: React.ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()} env="test">{node}</AppProviders>);
}

async function enrolViaSettings(): Promise<void> {
  const ui = userEvent.setup();
  const view = renderIn(<PrfSettings />);
  await ui.click(await screen.findByRole('button', { name: 'Gerätesperre einrichten' }));
  expect(await screen.findByText('Dieses Gerät lässt sich mit der Gerätesperre entsperren.')).toBeInTheDocument();
  view.unmount();
}

afterEach(async () => {
  removeFakeAuthenticator();
  await deleteUserDatabase(user.id);
});

describe('device lock as quick unlock', () => {
  it('a browser without WebAuthn is not offered the device lock in the settings', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await unlockedDevice();
    renderIn(<PrfSettings />);
    expect(await screen.findByText(/gibt es keine Gerätesperre, die SaniDok nutzen kann/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gerätesperre einrichten' })).not.toBeInTheDocument();
  });

  it('an authenticator without PRF: the settings say so and store nothing', async () => {
    installFakeAuthenticator({ prf: 'none' });
    const db = await unlockedDevice();
    const ui = userEvent.setup();
    renderIn(<PrfSettings />);
    await ui.click(await screen.findByRole('button', { name: 'Gerätesperre einrichten' }));
    expect(await screen.findByText(/die WebAuthn-Erweiterung PRF fehlt\). Es wurde nichts gespeichert/)).toBeInTheDocument();
    expect(await hasDevicePrf(db)).toBe(false);
    expect(useLockStore.getState().hasPrf).toBe(false);
  });

  it('a cancelled enrolment, or one the browser refuses for this address, stores nothing and says so', async () => {
    const authenticator = installFakeAuthenticator();
    const db = await unlockedDevice();
    authenticator.failNext('NotAllowedError');
    const ui = userEvent.setup();
    renderIn(<PrfSettings />);
    await ui.click(await screen.findByRole('button', { name: 'Gerätesperre einrichten' }));
    expect(await screen.findByText('Abgebrochen – es wurde nichts gespeichert.')).toBeInTheDocument();
    authenticator.failNext('SecurityError');
    await ui.click(screen.getByRole('button', { name: 'Gerätesperre einrichten' }));
    expect(await screen.findByText(/nicht unter einer IP-Adresse\). Es wurde nichts gespeichert/)).toBeInTheDocument();
    expect(await hasDevicePrf(db)).toBe(false);
  });

  it('enrolled, the lock screen unlocks offline with it; cancelled, it says so in German and the password stays', async () => {
    const authenticator = installFakeAuthenticator();
    const db = await unlockedDevice();
    await enrolViaSettings();
    expect(await hasDevicePrf(db)).toBe(true);
    lockDevice(db);
    // A PIN too: offline the lock screen names the device lock and the password.
    useLockStore.setState({ status: 'locked', error: null, hasPin: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = mockApi({});
    const ui = userEvent.setup();
    renderIn(<LockScreen user={user} />);
    expect(screen.getByText('Offline: Entsperren mit der Gerätesperre oder dem Passwort.')).toBeInTheDocument();
    authenticator.failNext('NotAllowedError');
    await ui.click(screen.getByRole('button', { name: 'Mit Gerätesperre entsperren' }));
    expect(await screen.findByText('Entsperren mit der Gerätesperre abgebrochen oder nicht erlaubt. Bitte erneut versuchen oder das Passwort eingeben.')).toBeInTheDocument();
    expect(db.crypto.state).toBe('locked');
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Mit Gerätesperre entsperren' }));
    await waitFor(() => expect(useLockStore.getState().status).toBe('unlocked'));
    expect(db.crypto.state).toBe('unlocked');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a copy the authenticator does not open is refused in German; the password still unlocks', async () => {
    installFakeAuthenticator();
    const db = await unlockedDevice();
    await enrolViaSettings();
    const keyring = await db.getMeta('keyring');
    if (!keyring?.prf) throw new Error('no PRF copy');
    // Another salt than the one wrapped under: the authenticator's answer is a different key.
    await db.setMeta('keyring', { ...keyring, prf: { ...keyring.prf, salt: keyring.prf.credentialId.padEnd(43, 'A').slice(0, 43) } });
    lockDevice(db);
    useLockStore.setState({ status: 'locked', error: null });
    const ui = userEvent.setup();
    renderIn(<LockScreen user={user} />);
    await ui.click(screen.getByRole('button', { name: 'Mit Gerätesperre entsperren' }));
    expect(await screen.findByText('Die Gerätesperre öffnet die Daten dieses Geräts nicht. Bitte mit dem Passwort entsperren.')).toBeInTheDocument();
    expect(db.crypto.state).toBe('locked');
    await ui.type(screen.getByLabelText('Passwort'), password);
    await ui.click(screen.getByRole('button', { name: 'Entsperren' }));
    await waitFor(() => expect(db.crypto.state).toBe('unlocked'));
  });

  it('removing it in the settings drops the copy and offers the enrolment again', async () => {
    installFakeAuthenticator();
    const db = await unlockedDevice();
    const ui = userEvent.setup();
    renderIn(<PrfSettings />);
    await ui.click(await screen.findByRole('button', { name: 'Gerätesperre einrichten' }));
    await ui.click(await screen.findByRole('button', { name: 'Gerätesperre entfernen' }));
    await waitFor(() => expect(useLockStore.getState().hasPrf).toBe(false));
    expect(await hasDevicePrf(db)).toBe(false);
    expect(await screen.findByRole('button', { name: 'Gerätesperre einrichten' })).toBeInTheDocument();
  });
});
