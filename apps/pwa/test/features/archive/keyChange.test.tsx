import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcileKeyPins } from '../../../src/features/archive/keyPins';
import { testUser } from '../../helpers/render';
import { org, renderSignedIn, seed } from '../services/services.fixtures';

const fingerprintA = 'aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa';
const fingerprintB = 'bbbb-bbbb-bbbb-bbbb-bbbb-bbbb-bbbb-bbbb';

afterEach(() => localStorage.clear());

describe('key pins on the device', () => {
  it('pins the first key seen, follows confirmed changes, and reports an unconfirmed one until it is confirmed', () => {
    expect(reconcileKeyPins(7, [{ id: 1, keyFingerprint: fingerprintA, keyConfirmed: false }])).toEqual(new Map());
    expect(reconcileKeyPins(7, [{ id: 1, keyFingerprint: fingerprintB, keyConfirmed: false }])).toEqual(new Map([[1, fingerprintA]]));
    // Another user on the same tablet keeps pins of their own.
    expect(reconcileKeyPins(8, [{ id: 1, keyFingerprint: fingerprintB, keyConfirmed: false }])).toEqual(new Map());
    // The owner confirmed: the pin moves on, the warning ends.
    expect(reconcileKeyPins(7, [{ id: 1, keyFingerprint: fingerprintB, keyConfirmed: true }])).toEqual(new Map());
    expect(reconcileKeyPins(7, [{ id: 1, keyFingerprint: fingerprintB, keyConfirmed: false }])).toEqual(new Map());
  });
});

describe('key warnings on every screen', () => {
  it('shows a pending recovery to a member, without the cancel button', async () => {
    await seed([org(1, 'member', { name: 'DRK Nord', keyRecovery: { keyFingerprint: fingerprintB, requestedBy: 'olga', requestedAt: '2026-11-24T08:00:00.000Z', effectiveAt: '2026-11-27T08:00:00.000Z', approved: true } })]);
    renderSignedIn('/dashboard');
    const banner = await screen.findByRole('alert', { name: /Schlüssel von „DRK Nord“ wird ersetzt/ });
    expect(banner).toHaveTextContent(`olga hat am 24.11.2026 09:00 die Wiederherstellung des Organisationsschlüssels angefordert. Der neue Schlüssel (Fingerabdruck ${fingerprintB}) gilt ab 27.11.2026 09:00.`);
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers an admin to cancel, and the owner to confirm a recovered key this device did not know', async () => {
    reconcileKeyPins(testUser.id, [{ id: 2, keyFingerprint: fingerprintA }]);
    await seed([
      org(1, 'admin', { name: 'DRK Nord', keyRecovery: { keyFingerprint: fingerprintB, requestedBy: null, requestedAt: '2026-11-24T08:00:00.000Z', effectiveAt: '2026-11-27T08:00:00.000Z', approved: true } }),
      org(2, 'owner', { name: 'DRK Süd', keyFingerprint: fingerprintB, keyConfirmed: false }),
    ]);
    renderSignedIn('/dashboard');
    const pending = await screen.findByRole('alert', { name: /Schlüssel von „DRK Nord“ wird ersetzt/ });
    expect(pending).toHaveTextContent(/^.*Jemand hat am/);
    expect(within(pending).getByRole('button', { name: 'Wiederherstellung abbrechen' })).toBeInTheDocument();
    const changed = await screen.findByRole('alert', { name: /Neuer Schlüssel von „DRK Süd“ nicht bestätigt/ });
    expect(changed).toHaveTextContent(`Dieses Gerät kannte den Schlüssel mit dem Fingerabdruck ${fingerprintA}. Seit einer Wiederherstellung gilt der Schlüssel ${fingerprintB}`);
    expect(within(changed).getByRole('button', { name: 'Neuen Schlüssel bestätigen' })).toBeInTheDocument();
  });

  it('asks an admin to approve a recovery the owner did not prove with a second factor, and shows no date before it', async () => {
    await seed([org(1, 'admin', { name: 'DRK Nord', keyRecovery: { keyFingerprint: fingerprintB, requestedBy: 'olga', requestedAt: '2026-11-24T08:00:00.000Z', effectiveAt: '2026-11-27T08:00:00.000Z', approved: false } })]);
    renderSignedIn('/dashboard');
    const banner = await screen.findByRole('alert', { name: /Schlüssel von „DRK Nord“ wird ersetzt/ });
    expect(banner).toHaveTextContent('ohne sie mit einem zweiten Faktor zu bestätigen');
    expect(banner).not.toHaveTextContent('27.11.2026');
    expect(within(banner).getByRole('button', { name: 'Wiederherstellung freigeben' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Wiederherstellung abbrechen' })).toBeInTheDocument();
  });
});
