/**
 * Page side of bench/reconnect (bundled by the bench with esbuild and injected into the running
 * app): the PWA's own data layer (database, encryption layer, repositories, outbox) fills the
 * outbox of a signed-in, offline tablet, exactly as the capture screens would, and counts what the
 * device holds afterwards. It opens its own connection to the app's database (a second copy of the
 * modules, not the app's instance), so the app's sync engine sees the rows only through IndexedDB,
 * as after a shift spent offline.
 */
import { closeUserDatabase, openUserDatabase } from '../apps/pwa/src/data/db';
import { unlockDevice } from '../apps/pwa/src/data/crypto/deviceKeys';
import { createMinorTreatment } from '../apps/pwa/src/data/repositories/minorTreatments';
import { addTreatmentEntry, recordSimpleVitals } from '../apps/pwa/src/data/repositories/protocolRecords';
import { createProtocol } from '../apps/pwa/src/data/repositories/protocols';

export interface FillOptions {
  userId: number;
  password: string;
  serviceId: string;
  materialIds: number[];
  protocols: number;
  vitalsPerProtocol: number;
  entriesPerProtocol: number;
  minorTreatments: number;
}

export interface DeviceCounts {
  pending: number;
  rejected: number;
  protocols: number;
  patientData: number;
  vitalRecords: number;
  treatmentEntries: number;
  minorTreatments: number;
  materialUsage: number;
}

/** Writes the shift's captures offline; returns the number of outbox rows written. */
async function fill(options: FillOptions): Promise<number> {
  const db = openUserDatabase(options.userId);
  try {
    await unlockDevice(db, options.password);
    const material = (i: number) => options.materialIds[i % options.materialIds.length] ?? 0;
    for (let i = 0; i < options.protocols; i += 1) {
      const id = await createProtocol({
        serviceId: options.serviceId,
        patientData: { firstName: `Jonas ${i}`, lastName: 'Reconnect', dateOfBirth: '1984-03-12', address: 'Am Festplatz 3, 79379 Müllheim', phone: '0171 5550000' },
        chiefComplaint: 'Kreislaufschwäche nach längerem Stehen in der Sonne', initialAssessment: 'wach, orientiert, blass', allergies: 'keine bekannt',
        medications: 'keine', pastHistory: 'leer', helper1: 'Mona Member', materials: [{ id: material(i), quantity: 1 }],
      });
      for (let v = 0; v < options.vitalsPerProtocol; v += 1) {
        await recordSimpleVitals(id, { bloodPressureSystolic: 115, bloodPressureDiastolic: 75, heartRate: 80 + v, oxygenSaturation: 97 });
      }
      for (let e = 0; e < options.entriesPerProtocol; e += 1) {
        await addTreatmentEntry(id, { time: `14:0${e}`, text: 'Beine hochgelagert, Wasser gereicht, Zustand gebessert', performer: 'helfer1' });
      }
    }
    for (let i = 0; i < options.minorTreatments; i += 1) {
      await createMinorTreatment({ serviceId: options.serviceId, patientName: `Lea ${i} Reconnect`, description: 'Schürfwunde Knie, gereinigt und verbunden', materials: [{ id: material(i), quantity: 1 }] });
    }
    return await db.outbox.where('status').equals('pending').count();
  } finally {
    // Locks the copy (keys wiped) and closes its connection; the app's own instance stays as it was.
    closeUserDatabase();
  }
}

/** Counts read by index or primary key: no decryption needed, so a locked copy suffices. */
async function counts(userId: number): Promise<DeviceCounts> {
  const db = openUserDatabase(userId);
  try {
    return {
      pending: await db.outbox.where('status').equals('pending').count(),
      rejected: await db.outbox.where('status').equals('rejected').count(),
      protocols: await db.protocols.count(),
      patientData: await db.patientData.count(),
      vitalRecords: await db.vitalRecords.count(),
      treatmentEntries: await db.treatmentEntries.count(),
      minorTreatments: await db.minorTreatments.count(),
      materialUsage: await db.materialUsage.count(),
    };
  } finally {
    closeUserDatabase();
  }
}

export interface Drill {
  /** Page clock (performance.now()) of the `online` event. */
  online: number;
  /** Response end of the last push request. */
  pushed: number;
  /** Requests during the drill and the time they were in flight (Resource Timing), per path. */
  requests: { push: { count: number; ms: number }; pull: { count: number; ms: number } };
  /** The engine's first `sanidok:synced` mark after `online`: pushed, pulled, applied. */
  cycle: number;
  /** The first moment after `cycle` at which the header shows the green cloud, nothing waiting. */
  synced: number;
  /** The task after the next frame following `synced`. */
  painted: number;
  longTasks: { start: number; duration: number }[];
}

/** Name of the engine's mark (syncedMark in apps/pwa/src/sync/syncEngine.ts). */
const syncedMark = 'sanidok:synced';

/** Observers on the page's clock, installed while offline; read back as `__reconnectBench.drill`. */
function instrument(): Drill {
  const drill: Drill = { online: 0, pushed: 0, cycle: 0, synced: 0, painted: 0, longTasks: [], requests: { push: { count: 0, ms: 0 }, pull: { count: 0, ms: 0 } } };
  const check = () => {
    if (drill.synced || !drill.cycle) return;
    if (!document.querySelector('header svg.tabler-icon-cloud-check') || document.querySelector('[data-testid="sync-pending"]')) return;
    drill.synced = performance.now();
    requestAnimationFrame(() => setTimeout(() => { drill.painted = performance.now(); }, 0));
  };
  window.addEventListener('online', (event) => { drill.online = event.timeStamp; });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (drill.online) drill.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName(syncedMark)) if (drill.online && entry.startTime > drill.online) drill.cycle ||= entry.startTime;
    check();
  }).observe({ type: 'mark' });
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!drill.online || entry.startTime < drill.online || drill.cycle) continue;
      const kind = entry.name.includes('/api/sync/push') ? 'push' : entry.name.includes('/api/sync/pull') ? 'pull' : null;
      if (!kind) continue;
      drill.requests[kind].count += 1;
      drill.requests[kind].ms += entry.responseEnd - entry.startTime;
      if (kind === 'push') drill.pushed = Math.max(drill.pushed, entry.responseEnd);
    }
  }).observe({ type: 'resource' });
  Object.assign(bench, { drill });
  return drill;
}

const bench = { fill, counts, instrument };
Object.assign(globalThis, { __reconnectBench: bench });
