import { decryptField } from '@sanidok/crypto/device';
import type { PullResponse } from '@sanidok/schema';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { lockDevice, unlockDevice } from '../../../src/data/crypto/deviceKeys';
import { presealRows } from '../../../src/data/crypto/preseal';
import type { SaniDokDb } from '../../../src/data/db';
import { databaseName } from '../../../src/data/db';
import { listServiceMinorTreatments } from '../../../src/data/repositories/minorTreatments';
import { applyPullPage } from '../../../src/sync/applyPull';
import { runningService, seedCapture, serviceId, treatmentRow, upsertTreatment, uuid } from '../../features/minorTreatments/minorTreatments.fixtures';
import { openTestDb, organization } from '../../helpers/sync';

/** Pulled rows are encrypted with WebCrypto before the page's transaction. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const password = 'Korrekt-Pferd-Batterie-7';
const patientName = 'Zacharias Quellenbrunn';

async function unlockedDevice(): Promise<SaniDokDb> {
  const db = openTestDb();
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  await seedCapture(db, [runningService(serviceId)]);
  return db;
}

async function storedTreatment(db: SaniDokDb, id: string): Promise<Record<string, unknown>> {
  const raw = new Dexie(databaseName(db.userId));
  await raw.open();
  const row = (await raw.table('minorTreatments').get(id)) as Record<string, unknown>;
  raw.close();
  return row;
}

const page = (changes: PullResponse['changes']): PullResponse => ({
  cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId], changes,
});

describe('encryption before the transaction (presealRows)', () => {
  it('writes the envelope the middleware writes: same key, same additional data, opened by the synchronous cipher', async () => {
    const db = await unlockedDevice();
    const [sealed] = await presealRows(db.crypto, 'minorTreatments', [treatmentRow(uuid(1), { patientName })]);
    const stored = sealed as unknown as Record<string, unknown>;
    expect(stored).not.toHaveProperty('patientName');
    expect(stored).not.toHaveProperty('description');
    expect(stored.named).toBe(1);
    const keys = db.crypto.unlocked;
    if (!keys) throw new Error('not unlocked');
    const opened = JSON.parse(decryptField(keys.dataKey, String(stored.enc), `sanidok/minorTreatments/${uuid(1)}`)) as Record<string, unknown>;
    expect(opened).toEqual({ patientName, description: 'Schürfwunde Knie' });
    // Bound to its row: the same envelope under another id does not open.
    expect(() => decryptField(keys.dataKey, String(stored.enc), `sanidok/minorTreatments/${uuid(2)}`)).toThrow();
  });

  it('a pulled page lands encrypted at rest and reads back in clear, also after the cache is gone', async () => {
    const db = await unlockedDevice();
    await applyPullPage(db, page([upsertTreatment(treatmentRow(uuid(5), { patientName }))]));
    const raw = await storedTreatment(db, uuid(5));
    expect(JSON.stringify(raw)).not.toContain('Quellenbrunn');
    expect(String(raw.enc)).toMatch(/^d1\./);
    db.crypto.plaintextCache.clear();
    expect((await listServiceMinorTreatments(db, serviceId)).map((t) => t.patientName)).toEqual([patientName]);
  });

  it('locked, rows pass unchanged (the middleware seals them to the device); a lock during the encryption leaves no plaintext cached', async () => {
    const db = await unlockedDevice();
    const row = treatmentRow(uuid(6), { patientName });
    const pending = presealRows(db.crypto, 'minorTreatments', [row]);
    lockDevice(db);
    const [sealed] = await pending;
    expect(JSON.stringify(sealed)).not.toContain('Quellenbrunn');
    expect(db.crypto.plaintextCache.size).toBe(0);
    expect(await presealRows(db.crypto, 'minorTreatments', [row])).toEqual([row]);
    await applyPullPage(db, page([upsertTreatment(row)]));
    expect(String((await storedTreatment(db, uuid(6))).enc)).toMatch(/^l1~/);
  });
});
