import { fromBase64Url, loadSodium, openSealedBox, WrongPasswordError } from '@sanidok/crypto/device';
import type { PullResponse } from '@sanidok/schema';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { lockDevice, unlockDevice } from '../../../src/data/crypto/deviceKeys';
import type { SaniDokDb } from '../../../src/data/db';
import { databaseName } from '../../../src/data/db';
import { pendingRows } from '../../../src/data/outbox';
import { createMinorTreatment, listServiceMinorTreatments } from '../../../src/data/repositories/minorTreatments';
import { createProtocol } from '../../../src/data/repositories/protocols';
import { applyPullPage } from '../../../src/sync/applyPull';
import { toEnvelope } from '../../../src/sync/applyPush';
import { catchUpAfterUnlock } from '../../../src/sync/unlockCatchUp';
import { runningService, seedCapture, serviceId, treatmentRow, upsertTreatment, uuid } from '../../features/minorTreatments/minorTreatments.fixtures';
import { openTestDb, organization } from '../../helpers/sync';

/** What lies in IndexedDB, locked and unlocked. Argon2id is cheap here; the bench runs production cost. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const password = 'Korrekt-Pferd-Batterie-7';
const patientName = 'Zacharias Quellenbrunn';

/** Every stored row of the device database as IndexedDB holds it, below the encryption layer. */
async function rawDump(db: SaniDokDb): Promise<string> {
  const raw = new Dexie(databaseName(db.userId));
  await raw.open();
  const tables = await Promise.all(raw.tables.map(async (t) => [t.name, await t.toArray()] as const));
  raw.close();
  return JSON.stringify(Object.fromEntries(tables));
}

async function lockedDevice(): Promise<SaniDokDb> {
  const db = openTestDb();
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  await seedCapture(db, [runningService(serviceId)]);
  return db;
}

const page = (overrides: Partial<PullResponse>): PullResponse => ({
  cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId], changes: [], ...overrides,
});

describe('device encryption at rest', () => {
  it('stores patient names, clinical texts and outbox args only as ciphertext', async () => {
    const db = await lockedDevice();
    await createMinorTreatment({ serviceId, patientName, description: 'Wespenstich linke Hand', materials: [] });
    await createProtocol({ serviceId, patientData: { firstName: 'Zacharias', lastName: 'Quellenbrunn' }, chiefComplaint: 'Synkope am Bierstand', materials: [] });
    const dump = await rawDump(db);
    for (const secret of ['Quellenbrunn', 'Wespenstich', 'Synkope']) expect(dump).not.toContain(secret);
    expect(dump).toContain('"enc":"d1.');
    // Above the layer everything reads as before.
    expect((await listServiceMinorTreatments(db, serviceId)).map((t) => t.patientName)).toEqual([patientName]);
  });

  it('locked, reads give ciphertext; the keys are gone from memory', async () => {
    const db = await lockedDevice();
    await createMinorTreatment({ serviceId, patientName, description: 'Wespenstich', materials: [] });
    const keys = db.crypto.unlocked;
    lockDevice(db);
    expect(keys?.dataKey.every((b) => b === 0)).toBe(true);
    expect(db.crypto.plaintextCache.size).toBe(0);
    const [row] = await db.minorTreatments.toArray();
    expect(row?.patientName).toBeUndefined();
    expect(JSON.stringify(row)).not.toContain('Zacharias');
  });

  it('a wrong password leaves the data locked, with a German message; the right one opens it', async () => {
    const db = await lockedDevice();
    await createMinorTreatment({ serviceId, patientName, description: 'Wespenstich', materials: [] });
    lockDevice(db);
    const attempt = unlockDevice(db, 'falsch-falsch-falsch');
    await expect(attempt).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(attempt).rejects.toThrow('Das Passwort öffnet die Daten dieses Geräts nicht.');
    expect(db.crypto.state).toBe('locked');
    await unlockDevice(db, password);
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual([patientName]);
  });

  it('a locked tablet applies a pull sealed to the device; the unlock re-encrypts it and re-applies pending changes', async () => {
    const db = await lockedDevice();
    await createMinorTreatment({ serviceId, patientName: 'Eigene Erfassung', description: 'Pflaster', materials: [] });
    const [pending] = await pendingRows(db);
    lockDevice(db);
    await applyPullPage(db, page({ changes: [upsertTreatment(treatmentRow(uuid(5), { patientName }))] }));
    const sealed = await rawDump(db);
    expect(sealed).not.toContain('Quellenbrunn');
    expect(sealed).toContain('"enc":"l1~s1.');
    expect(await db.getMeta('reapplyOnUnlock')).toBe(true);

    await unlockDevice(db, password);
    await catchUpAfterUnlock(db);
    const names = (await db.minorTreatments.toArray()).map((t) => t.patientName).sort();
    expect(names).toEqual(['Eigene Erfassung', patientName]);
    const after = await rawDump(db);
    expect(after).not.toContain('"enc":"l1~');
    expect(await db.getMeta('reapplyOnUnlock')).toBeUndefined();
    // Nothing unsynced was lost by the lock.
    expect((await pendingRows(db)).map((r) => r.mutationId)).toEqual([pending?.mutationId]);
  });

  it('seals outbox args to the server key at write time, so a locked device pushes them', async () => {
    const db = await lockedDevice();
    const sodium = await loadSodium();
    const server = sodium.crypto_box_keypair();
    db.crypto.serverPublicKey = server.publicKey;
    await createMinorTreatment({ serviceId, patientName, description: 'Wespenstich', materials: [] });
    lockDevice(db);
    const [row] = await pendingRows(db);
    if (!row) throw new Error('no outbox row');
    expect(row.args).toBeUndefined();
    const envelope = toEnvelope(row);
    const sealed = (envelope.args as { $sealed: string }).$sealed;
    const opened = JSON.parse(openSealedBox(sodium, { publicKey: server.publicKey, secretKey: server.privateKey }, sealed)) as { patientName: string };
    expect(opened.patientName).toBe(patientName);
  });

  it('a crash between making and writing the keyring leaves no key and no data under it; the next unlock works', async () => {
    const db = openTestDb();
    lockDevice(db);
    const put = vi.spyOn(db.meta, 'put').mockRejectedValueOnce(new Error('Absturz'));
    await expect(unlockDevice(db, password, cheap)).rejects.toThrow('Absturz');
    put.mockRestore();
    expect(await db.getMeta('keyring')).toBeUndefined();
    expect(db.crypto.state).toBe('locked');
    await unlockDevice(db, password, cheap);
    await seedCapture(db, [runningService(serviceId)]);
    await createMinorTreatment({ serviceId, patientName, description: 'Wespenstich', materials: [] });
    lockDevice(db);
    await unlockDevice(db, password);
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual([patientName]);
  });

  it('a quota error while re-encrypting at unlock still unlocks, loses nothing, and the next unlock finishes', async () => {
    const db = await lockedDevice();
    await createMinorTreatment({ serviceId, patientName: 'Eigene Erfassung', description: 'Pflaster', materials: [] });
    lockDevice(db);
    await applyPullPage(db, page({ changes: [upsertTreatment(treatmentRow(uuid(5), { patientName }))] }));
    const quota = new DOMException('Speicher voll', 'QuotaExceededError');
    // The pass writes through db.table(name), Dexie's own table object.
    const bulkPut = vi.spyOn(db.table('minorTreatments'), 'bulkPut').mockRejectedValueOnce(quota);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await unlockDevice(db, password);
    expect(warn).toHaveBeenCalledWith('Re-encryption after unlock postponed', expect.objectContaining({ name: 'QuotaExceededError' }));
    bulkPut.mockRestore();
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName).sort()).toEqual(['Eigene Erfassung', patientName]);
    expect(await rawDump(db)).toContain('"enc":"l1~');
    lockDevice(db);
    await unlockDevice(db, password);
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName).sort()).toEqual(['Eigene Erfassung', patientName]);
    expect(await rawDump(db)).not.toContain('"enc":"l1~');
  });

  it('encrypts rows stored in clear by an earlier version at the first unlock', async () => {
    const db = openTestDb();
    lockDevice(db);
    // An earlier version wrote without the layer: the same database, no middleware.
    const plain = new Dexie(databaseName(db.userId));
    await db.open();
    db.close();
    await plain.open();
    await plain.table('minorTreatments').put(treatmentRow(uuid(9), { patientName }));
    plain.close();
    await db.open();
    await unlockDevice(db, password, cheap);
    expect(await rawDump(db)).not.toContain('Quellenbrunn');
    expect((await db.minorTreatments.toArray()).map((t) => t.patientName)).toEqual([patientName]);
    expect(fromBase64Url((await db.getMeta('keyring'))?.devicePublicKey ?? '')).toHaveLength(32);
  });
});
