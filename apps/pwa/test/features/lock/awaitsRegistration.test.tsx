import type { DeviceKeyring } from '@sanidok/crypto/device';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaniDokDb } from '../../../src/data/db';
import { renderSignedIn, seedSignedIn } from '../minorTreatments/minorTreatments.fixtures';

// docs/security.md "Patient data needs the unlocked device": a device the server knows no key of
// gets no patient data. Unlocked only by PIN or the device lock (neither sends the password), it
// says why the names are missing and what brings them.
const text = 'Patientendaten erscheinen nach der nächsten Entsperrung mit dem Passwort (mit Netz). Mit PIN oder Gerätesperre darf dieses Gerät sie beim Server nicht anfordern.';
const publicKey = 'Z2VyYWV0ZXNjaGx1ZXNzZWwtb2VmZmVudGxpY2gtMzI';

/** The keyring as a first unlock leaves it; only its public key matters here. */
async function unlockedOnce(db: SaniDokDb): Promise<string> {
  await db.setMeta('keyring', { devicePublicKey: publicKey } as DeviceKeyring);
  const deviceId = await db.getMeta('deviceId');
  if (!deviceId) throw new Error('Gerät ohne Id');
  return `${deviceId} ${publicKey}`;
}

describe('a device whose key the server does not know yet', () => {
  it('says on the lists of patient data that the names come with the next password unlock, until the key is registered', async () => {
    const db = await seedSignedIn();
    const current = await unlockedOnce(db);
    renderSignedIn('/minor-treatments');
    const notice = await screen.findByTestId('awaits-registration');
    expect(notice).toHaveTextContent('Patientendaten noch nicht auf diesem Gerät');
    expect(notice).toHaveTextContent(text);

    // The next password unlock registered the key (src/sync/deviceKeyRegistration.ts): the notice goes.
    await db.setMeta('registeredDeviceKey', current);
    await waitFor(() => expect(screen.queryByTestId('awaits-registration')).not.toBeInTheDocument());
  });

  it('asks again after the device id or key changed, and shows it on the protocol list too', async () => {
    const db = await seedSignedIn();
    await unlockedOnce(db);
    await db.setMeta('registeredDeviceKey', `ein-anderes-gerät ${publicKey}`);
    renderSignedIn('/patient-protocols');
    expect(await screen.findByTestId('awaits-registration')).toHaveTextContent(text);
  });

  it('says nothing before the first unlock, when there is no key to register', async () => {
    await seedSignedIn();
    renderSignedIn('/minor-treatments');
    expect(await screen.findByText('Keine Bagatellbehandlungen')).toBeInTheDocument();
    expect(screen.queryByTestId('awaits-registration')).not.toBeInTheDocument();
  });
});
