/**
 * bench/deviceCrypto: what device encryption costs, against the same code without the
 * encryption layer in the same run: unlock with the production Argon2id parameters, applying 2,000
 * pulled protocols with their patient data (unlocked and locked), and opening a service's list of
 * 200 protocols with patient data from a cold cache. Twice: in-process (Node, fake-indexeddb, the
 * PWA's own data layer and pull apply) and in Chromium (./deviceCryptoChromium.ts; real IndexedDB
 * and native WebCrypto, where the product runs and on which the aim is judged). The save latency in
 * the browser is part 2 (capture), now with the layer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runDeviceCryptoInChromium } from './deviceCryptoChromium';
import { listSize, pageSize, protocolCount, pullPages as pages, serviceIds } from './deviceCryptoData';
import { ms, root, stats } from './lib';
import type { Figure, PartReport } from './report';

const password = 'Korrekt-Pferd-Batterie-7';
const rounds = Number(process.env.BENCH_DEVICE_ROUNDS ?? 5);

export async function benchDeviceCrypto(): Promise<PartReport> {
  // IndexedDB for Node before Dexie loads (Dexie reads the global at import).
  createRequire(path.join(root, 'apps/pwa/package.json'))('fake-indexeddb/auto');
  const { SaniDokDb } = await import('../apps/pwa/src/data/db');
  const { applyPullPage } = await import('../apps/pwa/src/sync/applyPull');
  const { prepareDeviceCrypto, unlockDevice, lockDevice } = await import('../apps/pwa/src/data/crypto/deviceKeys');
  const { createKeyring, unlockKeyring } = await import('@sanidok/crypto/device');

  /** Today's build: the same database without the encryption layer. */
  class PlainDb extends SaniDokDb {
    override use(middleware: Parameters<InstanceType<typeof SaniDokDb>['use']>[0]): this {
      return 'name' in middleware && middleware.name === 'DeviceEncryption' ? this : super.use(middleware);
    }
  }

  // 1. Unlock with the production Argon2id parameters.
  const { keyring } = await createKeyring(password);
  const unlockTimes: number[] = [];
  for (let i = 0; i < rounds + 1; i += 1) {
    const started = performance.now();
    await unlockKeyring(keyring, password);
    if (i > 0) unlockTimes.push(performance.now() - started);
  }
  const unlock = stats(unlockTimes);

  // 2. Pull apply of 2,000 protocols with patient data, and 3. a list of 200 from a cold cache.
  const services = serviceIds();
  const pullPages = pages(services);
  let user = 900_000;
  const run = async (kind: 'plain' | 'unlocked' | 'locked') => {
    user += 1;
    const db = kind === 'plain' ? new PlainDb(user) : new SaniDokDb(user);
    if (kind !== 'plain') {
      await unlockDevice(db, password);
      if (kind === 'locked') lockDevice(db);
    }
    await db.open();
    const started = performance.now();
    for (const page of pullPages) await applyPullPage(db, page);
    const apply = performance.now() - started;
    db.close();
    // Reopened: nothing decrypted is cached; the list of one service, as the screen reads it.
    const reopened = kind === 'plain' ? new PlainDb(user) : new SaniDokDb(user);
    if (kind !== 'plain') {
      await prepareDeviceCrypto(reopened);
      await unlockDevice(reopened, password);
    }
    const listStarted = performance.now();
    const rows = await reopened.protocols.where('serviceId').equals(services[0] ?? '').toArray();
    const data = await reopened.patientData.bulkGet(rows.map((r) => r.id));
    rows.sort((a, b) => (data[rows.indexOf(a)]?.patientData.lastName ?? '').localeCompare(data[rows.indexOf(b)]?.patientData.lastName ?? ''));
    const list = performance.now() - listStarted;
    if (rows.length !== listSize || data.some((d) => !d?.patientData.firstName)) throw new Error(`Liste unvollständig: ${rows.length}`);
    reopened.close();
    return { apply, list };
  };
  const results: Record<'plain' | 'unlocked' | 'locked', { apply: number[]; list: number[] }> = {
    plain: { apply: [], list: [] }, unlocked: { apply: [], list: [] }, locked: { apply: [], list: [] },
  };
  for (let i = 0; i < rounds; i += 1) {
    for (const kind of ['plain', 'unlocked', 'locked'] as const) {
      const r = await run(kind);
      results[kind].apply.push(r.apply);
      results[kind].list.push(r.list);
    }
  }
  const apply = { plain: stats(results.plain.apply), unlocked: stats(results.unlocked.apply), locked: stats(results.locked.apply) };
  const list = { plain: stats(results.plain.list), unlocked: stats(results.unlocked.list) };
  const ratio = apply.unlocked.median / apply.plain.median;

  // 4. The same pull apply and list in Chromium (real IndexedDB, native WebCrypto): the aim's figure.
  const chromiumRun = await runDeviceCryptoInChromium(rounds, password);
  const c = chromiumRun.results;
  const cApply = { plain: stats(c.plain.apply), unlocked: stats(c.unlocked.apply), locked: stats(c.locked.apply) };
  const cList = { plain: stats(c.plain.list), unlocked: stats(c.unlocked.list) };
  const cRatio = cApply.unlocked.median / cApply.plain.median;

  /** Plain and encrypted run back to back in each round: the spread of their ratio shows the noise. */
  const perRound = (on: number[], off: number[]) => {
    const r = on.map((value, i) => value / (off[i] ?? value)).sort((a, b) => a - b);
    return `per round ${(r[0] ?? 0).toFixed(2)}–${(r.at(-1) ?? 0).toFixed(2)}×`;
  };

  const figures: Figure[] = [
    { label: 'unlock: Argon2id (m 19 MiB, t 2) + unwrap (Node)', value: `median ${ms(unlock.median)}, max ${ms(unlock.max)}`, aim: '< 1 s', met: unlock.max < 1000 },
    { label: `Chromium: pull apply of ${protocolCount} protocols + patient data, encrypted`, value: `median ${ms(cApply.unlocked.median)} (${cRatio.toFixed(2)}× without the layer: ${ms(cApply.plain.median)}; ${perRound(c.unlocked.apply, c.plain.apply)})`, aim: '≤ 1.5× today', met: cRatio <= 1.5 },
    { label: 'Chromium: the same pull while locked (sealed to the device)', value: `median ${ms(cApply.locked.median)} (${(cApply.locked.median / cApply.plain.median).toFixed(2)}×)` },
    { label: `Chromium: list of ${listSize} protocols with patient data, decrypted, sorted by name`, value: `median ${ms(cList.unlocked.median)} (without the layer ${ms(cList.plain.median)})`, aim: '< 300 ms', met: cList.unlocked.median < 300 },
    { label: `Node: pull apply of ${protocolCount} protocols + patient data, encrypted`, value: `median ${ms(apply.unlocked.median)} (${ratio.toFixed(2)}× without the layer: ${ms(apply.plain.median)}; ${perRound(results.unlocked.apply, results.plain.apply)})` },
    { label: 'Node: the same pull while locked (sealed to the device)', value: `median ${ms(apply.locked.median)} (${(apply.locked.median / apply.plain.median).toFixed(2)}×)` },
    { label: `Node: list of ${listSize} protocols with patient data, decrypted, sorted by name`, value: `median ${ms(list.unlocked.median)} (without the layer ${ms(list.plain.median)})` },
  ];
  return {
    figures,
    notes: [
      `${rounds} rounds each, medians; every comparison is the encryption layer against the same code without it (a subclass of the database that leaves the middleware out) in the same run.`,
      `Chromium ${chromiumRun.version} (headless): the PWA's own modules (bench/deviceCryptoPage.ts, bundled with esbuild) in a blank page on 127.0.0.1, real IndexedDB, native WebCrypto AES-GCM (the preseal path, data/crypto/preseal.ts). The aim is judged on this figure: the product is a browser app.`,
      `Node ${process.version} with fake-indexeddb (in-memory IndexedDB): compares the layer in-process, not browsers; WebCrypto goes through libuv's thread pool there.`,
      `Pull: ${pullPages.length} pages of ${pageSize} protocols and ${pageSize} patient-data rows through the PWA's own applyPullPage, in ${services.length} services.`,
      'List: a freshly opened database (no decrypted row cached), the protocols of one service and their patient data, sorted by last name in memory.',
      'Save latency in Chromium with the layer: part 2 (capture).',
    ],
  };
}
