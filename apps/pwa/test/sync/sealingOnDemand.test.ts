import type { PullResponse } from '@sanidok/schema';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { lockDevice, prepareDeviceCrypto, unlockDevice } from '../../src/data/crypto/deviceKeys';
import type { SaniDokDb } from '../../src/data/db';
import { databaseName } from '../../src/data/db';
import { useSyncStore } from '../../src/sync/syncStore';
import { runningService, seedCapture, serviceId, treatmentRow, upsertTreatment, uuid } from '../features/minorTreatments/minorTreatments.fixtures';
import { createEngine, openTestDb, organization, startAndSettle } from '../helpers/sync';

/**
 * A locked page load does not load libsodium up front; the engine loads it when a
 * locked cycle first has a row to seal, and the cycle runs again — nothing lost, no error shown.
 */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const password = 'Korrekt-Pferd-Batterie-7';
const patientName = 'Zacharias Quellenbrunn';

async function rawTreatments(db: SaniDokDb): Promise<string> {
  const raw = new Dexie(databaseName(db.userId));
  await raw.open();
  const rows = await raw.table('minorTreatments').toArray();
  raw.close();
  return JSON.stringify(rows);
}

/** A device with a keyring, locked, as a fresh page load finds it: public keys, no libsodium. */
async function reloadedLockedDevice(): Promise<SaniDokDb> {
  const db = openTestDb();
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  await seedCapture(db, [runningService(serviceId)]);
  lockDevice(db);
  db.crypto.sodium = null;
  db.crypto.devicePublicKey = null;
  await prepareDeviceCrypto(db, { sodium: false });
  return db;
}

const page = (overrides: Partial<PullResponse>): PullResponse => ({
  cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId], changes: [], ...overrides,
});

describe('libsodium on demand while locked', () => {
  it('the session start loads the public keys only', async () => {
    const db = await reloadedLockedDevice();
    expect(db.crypto.devicePublicKey).not.toBeNull();
    expect(db.crypto.sodium).toBeNull();
  });

  it('a locked cycle with nothing to seal leaves libsodium unloaded', async () => {
    const db = await reloadedLockedDevice();
    const harness = createEngine(db);
    harness.server.pages.push(page({ cursor: 'c2' }));
    await startAndSettle(harness);
    expect(await db.getMeta('cursor')).toBe('c2');
    expect(db.crypto.sodium).toBeNull();
    expect(useSyncStore.getState().state).toBe('idle');
  });

  it('a locked pull with a patient name loads libsodium, runs again and stores the row sealed, without an error', async () => {
    const errors = vi.spyOn(console, 'error');
    const db = await reloadedLockedDevice();
    const harness = createEngine(db);
    // The server answers the same cursor with the same page: the first attempt is rolled back.
    const withName = page({ cursor: 'c3', changes: [upsertTreatment(treatmentRow(uuid(5), { patientName }))] });
    harness.server.pages.push(withName, structuredClone(withName));
    const states: string[] = [];
    const unsubscribe = useSyncStore.subscribe((s) => states.push(s.state));
    await startAndSettle(harness);
    await vi.waitFor(async () => expect(await db.getMeta('cursor')).toBe('c3'));
    await harness.engine.idle();
    unsubscribe();

    expect(db.crypto.sodium).not.toBeNull();
    expect(harness.server.pulls.map((p) => p.cursor ?? null)).toEqual([null, null]);
    const stored = await rawTreatments(db);
    expect(stored).not.toContain('Quellenbrunn');
    expect(stored).toContain('"enc":"l1~s1.');
    expect(states).not.toContain('error');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
