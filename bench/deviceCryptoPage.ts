/**
 * Page side of bench/deviceCrypto's Chromium run (part 12; bundled with esbuild and injected by
 * ./deviceCryptoChromium.ts): the PWA's own database, encryption layer and pull apply against
 * Chromium's IndexedDB and WebCrypto, the same measurement as the Node run. Each round applies the
 * same 2,000 protocols with patient data to a fresh database without the layer, unlocked, and
 * locked, then reads one service's list from a freshly opened database.
 */
import { SaniDokDb } from '../apps/pwa/src/data/db';
import { lockDevice, prepareDeviceCrypto, unlockDevice } from '../apps/pwa/src/data/crypto/deviceKeys';
import { applyPullPage } from '../apps/pwa/src/sync/applyPull';
import { listSize, pullPages, serviceIds } from './deviceCryptoData';

export type Kind = 'plain' | 'unlocked' | 'locked';
export type DeviceRounds = Record<Kind, { apply: number[]; list: number[] }>;

/** The same database without the encryption layer. */
class PlainDb extends SaniDokDb {
  override use(middleware: Parameters<InstanceType<typeof SaniDokDb>['use']>[0]): this {
    return 'name' in middleware && middleware.name === 'DeviceEncryption' ? this : super.use(middleware);
  }
}

/** Argon2id's cost is off the clock here (part 12's Node run measures the unlock): the minimum. */
const cheapKdf = { opsLimit: 1, memLimitBytes: 8192 };

async function run(options: { rounds: number; password: string }): Promise<DeviceRounds> {
  const services = serviceIds();
  const pages = pullPages(services);
  const results: DeviceRounds = { plain: { apply: [], list: [] }, unlocked: { apply: [], list: [] }, locked: { apply: [], list: [] } };
  let user = 900_000;
  for (let round = 0; round < options.rounds; round += 1) {
    for (const kind of ['plain', 'unlocked', 'locked'] as const) {
      user += 1;
      const db = kind === 'plain' ? new PlainDb(user) : new SaniDokDb(user);
      if (kind !== 'plain') {
        await unlockDevice(db, options.password, cheapKdf);
        if (kind === 'locked') lockDevice(db);
      }
      await db.open();
      const started = performance.now();
      for (const page of pages) await applyPullPage(db, page);
      results[kind].apply.push(performance.now() - started);
      db.close();
      const reopened = kind === 'plain' ? new PlainDb(user) : new SaniDokDb(user);
      if (kind !== 'plain') {
        await prepareDeviceCrypto(reopened);
        await unlockDevice(reopened, options.password);
      }
      const listStarted = performance.now();
      const rows = await reopened.protocols.where('serviceId').equals(services[0] ?? '').toArray();
      const data = await reopened.patientData.bulkGet(rows.map((r) => r.id));
      const names = new Map(rows.map((r, i) => [r.id, data[i]?.patientData.lastName ?? '']));
      rows.sort((a, b) => (names.get(a.id) ?? '').localeCompare(names.get(b.id) ?? ''));
      results[kind].list.push(performance.now() - listStarted);
      if (rows.length !== listSize || data.some((d) => !d?.patientData.firstName)) throw new Error(`Liste unvollständig: ${rows.length}`);
      reopened.close();
      await reopened.delete();
    }
  }
  return results;
}

Object.assign(globalThis, { __deviceBench: { run } });
