/**
 * bench/deviceCrypto: what device encryption (issue 16) costs, against the same code without the
 * encryption layer in the same run. In-process (Node, fake-indexeddb, the PWA's own data layer and
 * pull apply), so the figures compare the layer, not browsers: unlock with the production Argon2id
 * parameters, applying 2,000 pulled protocols with their patient data (unlocked and locked), and
 * opening a service's list of 200 protocols with patient data from a cold cache. The save latency
 * in the browser is part 2 (capture), now with the layer.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PatientProtocol, PullResponse, SyncChange } from '@sanidok/schema';
import { ms, root, stats } from './lib';
import type { Figure, PartReport } from './report';

const password = 'Korrekt-Pferd-Batterie-7';
const protocolCount = 2_000;
const pageSize = 500;
const listSize = 200;
const rounds = Number(process.env.BENCH_DEVICE_ROUNDS ?? 5);

function protocol(serviceId: string, i: number): PatientProtocol {
  const at = new Date(Date.UTC(2026, 6, 1, 8) + i * 60_000).toISOString();
  return {
    id: randomUUID(), serviceId, serviceName: 'Stadtfest', organizationId: 1, serviceProtocolNumber: i + 1, status: 'active',
    chiefComplaint: 'Schnittwunde am Unterarm nach Sturz vom Fahrrad', symptoms: 'Blutung gestillt, Schmerz 4/10', incidentTime: at,
    initialAssessment: 'wach, orientiert, Haut blass', allergies: 'Penicillin', medications: 'Ramipril 5 mg', pastHistory: 'Hypertonie',
    handlingInstructions: null, helper1: 'Mona Member', helper2: null, dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null,
    dischargeComment: null, dischargedById: null, dischargedAt: null, treatedById: 2, createdAt: at, updatedAt: at, version: i + 1, needsReview: false,
  };
}

function pages(serviceIds: string[]): PullResponse[] {
  const organization = {
    id: 1, name: 'DRK Musterstadt', description: null, createdAt: '2026-07-01T08:00:00.000Z', role: 'owner' as const, isBlocked: false, memberCount: 12,
    memberSince: '2026-07-01T08:00:00.000Z', sealingPublicKey: 'x'.repeat(43), signingPublicKey: 'y'.repeat(43), keyFingerprint: `${'abcd-'.repeat(7)}abcd`, keyConfirmed: true, keyRecovery: null, lockAfterMinutes: 5,
  };
  const changes: SyncChange[] = [];
  for (let i = 0; i < protocolCount; i += 1) {
    const data = protocol(serviceIds[i % serviceIds.length] ?? '', i);
    changes.push({ entity: 'protocol', op: 'upsert', id: data.id, organizationId: 1, version: 2 * i + 1, data });
    const patientData = { firstName: `Erika${i}`, lastName: 'Mustermann', dateOfBirth: '1961-09-02', address: 'Hauptstraße 1, 79379 Müllheim', phone: '+49 7631 12345' };
    changes.push({ entity: 'patientData', op: 'upsert', id: data.id, organizationId: 1, version: 2 * i + 2, data: { protocolId: data.id, patientData, version: 2 * i + 2 } });
  }
  const result: PullResponse[] = [];
  for (let start = 0; start < changes.length; start += 2 * pageSize) {
    const slice = changes.slice(start, start + 2 * pageSize);
    result.push({ cursor: `c${start}`, hasMore: start + 2 * pageSize < changes.length, organizations: [organization], patientDataServices: serviceIds, changes: slice });
  }
  return result;
}

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
  const services = Array.from({ length: protocolCount / listSize }, () => randomUUID());
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

  const figures: Figure[] = [
    { label: 'unlock: Argon2id (m 19 MiB, t 2) + unwrap', value: `median ${ms(unlock.median)}, max ${ms(unlock.max)}`, aim: '< 1 s', met: unlock.max < 1000 },
    { label: `pull apply of ${protocolCount} protocols + patient data, encrypted`, value: `median ${ms(apply.unlocked.median)} (${ratio.toFixed(2)}× without the layer: ${ms(apply.plain.median)})`, aim: '≤ 1.5× today', met: ratio <= 1.5 },
    { label: `the same pull while locked (sealed to the device)`, value: `median ${ms(apply.locked.median)} (${(apply.locked.median / apply.plain.median).toFixed(2)}×)` },
    { label: `list of ${listSize} protocols with patient data, decrypted, sorted by name`, value: `median ${ms(list.unlocked.median)} (without the layer ${ms(list.plain.median)})`, aim: '< 300 ms', met: list.unlocked.median < 300 },
  ];
  return {
    figures,
    notes: [
      `${rounds} rounds each; Node ${process.version} with fake-indexeddb (in-memory IndexedDB), so the figures compare the encryption layer with the same code without it (a subclass of the database that leaves the middleware out), not browsers.`,
      `Pull: ${pullPages.length} pages of ${pageSize} protocols and ${pageSize} patient-data rows through the PWA's own applyPullPage, in ${services.length} services.`,
      'List: a freshly opened database (no decrypted row cached), the protocols of one service and their patient data, sorted by last name in memory.',
      'Save latency in Chromium with the layer: part 2 (capture).',
    ],
  };
}
