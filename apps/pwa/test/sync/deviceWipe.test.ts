import { loadSodium } from '@sanidok/crypto/device';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { deviceWasWiped, interruptedDeviceWipe, lostDeviceUser, markDeviceLost } from '../../src/api/deviceLost';
import { readLastUser, rememberUser } from '../../src/api/lastUser';
import { lockDevice, unlockDevice } from '../../src/data/crypto/deviceKeys';
import { databaseName } from '../../src/data/db';
import { saveDraft } from '../../src/data/drafts/draftStore';
import { createMinorTreatment } from '../../src/data/repositories/minorTreatments';
import { createService } from '../../src/data/repositories/services';
import { syncDe } from '../../src/i18n/sync.de';
import { resumeDeviceWipe, wipeLostDevice } from '../../src/sync/syncSession';
import { useSyncStore } from '../../src/sync/syncStore';
import { runningService, seedCapture, serviceId } from '../features/minorTreatments/minorTreatments.fixtures';
import { callsTo, mockApi } from '../helpers/render';
import { createEngine, openTestDb, seedOrganizations, startAndSettle, validService } from '../helpers/sync';

/**
 * A device reported lost pushes its outbox, then wipes itself (docs/decisions.md "A lost device
 * pushes, then wipes itself"): the engine pushes every batch it can, pulls nothing, and asks for
 * the wipe only with the outbox empty; the wipe deletes the user's database and ends at the sign-in
 * page with the reason; a reload in the middle finishes it.
 */
describe('a lost device', () => {
  it('pushes the whole outbox in batches, pulls nothing, and asks for the wipe once the outbox is empty', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    for (let i = 0; i < 250; i += 1) await createService({ ...validService(), name: `Dienst ${i}` });
    const outboxAtWipe: number[] = [];
    const harness = createEngine(db, { onDeviceLost: () => void db.outbox.count().then((n) => outboxAtWipe.push(n)) });
    harness.server.wipe = true;
    await startAndSettle(harness);
    await vi.waitFor(() => expect(outboxAtWipe).toEqual([0]));

    expect(harness.server.pushes.map((p) => p.mutations.length)).toEqual([200, 50]);
    expect(harness.server.applied).toHaveLength(250);
    expect(harness.server.pulls).toEqual([]);
    // Paused: no later cycle pushes or pulls again.
    harness.engine.requestSync('manual');
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(2);
  });

  it('told DEVICE_LOST with nothing pending, wipes at once; with changes it cannot push, waits for a sign-in', async () => {
    const empty = openTestDb();
    await seedOrganizations(empty, 1);
    const onDeviceLost = vi.fn();
    const idle = createEngine(empty, { onDeviceLost });
    idle.server.pullFailures.push({ ok: false, status: 401, message: 'verloren', code: 'DEVICE_LOST' });
    await startAndSettle(idle);
    expect(onDeviceLost).toHaveBeenCalledTimes(1);

    const busy = openTestDb();
    await seedOrganizations(busy, 1);
    await createService(validService());
    const waits = vi.fn();
    const refused = createEngine(busy, { onDeviceLost: waits });
    refused.server.failNext(401, 'verloren', 'DEVICE_LOST');
    await startAndSettle(refused);
    expect(waits).not.toHaveBeenCalled();
    expect(await busy.outbox.count()).toBe(1);
    expect(useSyncStore.getState()).toMatchObject({ state: 'auth-required', message: syncDe.indicator.deviceLostPending });
    expect(refused.server.pulls).toEqual([]);
  });

  it('locked, pushes the outbox sealed to the server as it lies, then wipes', async () => {
    const db = openTestDb();
    lockDevice(db);
    await unlockDevice(db, 'Korrekt-Pferd-Batterie-7', { opsLimit: 1, memLimitBytes: 64 * 1024 });
    await seedCapture(db, [runningService(serviceId)]);
    const sodium = await loadSodium();
    db.crypto.serverPublicKey = sodium.crypto_box_keypair().publicKey;
    await createMinorTreatment({ serviceId, patientName: 'Zacharias Quellenbrunn', description: 'Wespenstich', materials: [] });
    lockDevice(db);
    const onDeviceLost = vi.fn();
    const harness = createEngine(db, { onDeviceLost });
    harness.server.wipe = true;
    await startAndSettle(harness);

    const [pushed] = harness.server.applied;
    expect(Object.keys(pushed?.args as object)).toEqual(['$sealed']);
    expect(JSON.stringify(harness.server.pushes)).not.toContain('Quellenbrunn');
    expect(onDeviceLost).toHaveBeenCalledTimes(1);
  });

  it('the wipe deletes the user\'s database, drafts and keys with it, forgets the user and ends at the sign-in page with the reason; twice is harmless', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await saveDraft(db, 'protocol:new', { patientName: 'Zacharias Quellenbrunn' });
    rememberUser({ id: db.userId, username: 'anna' } as Parameters<typeof rememberUser>[0]);
    markDeviceLost({ id: db.userId, name: 'Anna' });
    expect(await Dexie.exists(databaseName(db.userId))).toBe(true);
    const leave = vi.fn();
    const fetchMock = mockApi({ 'POST /api/logout': () => new Response(null, { status: 204 }) });

    await wipeLostDevice({ id: db.userId, name: 'Anna' }, leave);
    expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(1);
    expect(await Dexie.exists(databaseName(db.userId))).toBe(false);
    expect([readLastUser(), lostDeviceUser(), interruptedDeviceWipe(), deviceWasWiped()]).toEqual([null, null, null, true]);
    expect(leave).toHaveBeenCalledTimes(1);

    await wipeLostDevice({ id: db.userId, name: 'Anna' }, leave);
    expect(leave).toHaveBeenCalledTimes(2);
  });

  it('a wipe cut short by a reload is finished before any database opens', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    db.close();
    localStorage.setItem('sanidok.deviceWiping', JSON.stringify({ id: db.userId, name: 'Anna' }));
    const leave = vi.fn();
    expect(resumeDeviceWipe(leave)).toBe(true);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(await Dexie.exists(databaseName(db.userId))).toBe(false);
    expect([deviceWasWiped(), resumeDeviceWipe(leave)]).toEqual([true, false]);
  });
});
