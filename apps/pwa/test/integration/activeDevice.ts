import type { SaniDokDb } from '../../src/data/db';

/**
 * The simulated device that is writing, for the model-based sync test. The real app has one
 * signed-in database per tab (activeDatabase()) and its local writes wake that tab's engine
 * (localWrites.ts); the test runs several devices in one process, so syncProperty.test.ts points
 * both at this module and the harness sets `activeDevice.db` around each write and engine start.
 * No imports at runtime: the module mocks load it.
 */
export const activeDevice: { db: SaniDokDb | null } = { db: null };

const listeners = new Set<{ db: SaniDokDb | null; listener: () => void }>();

/** onLocalWrite, per device: the listener belongs to the device active when it subscribed. */
export function onDeviceLocalWrite(listener: () => void): () => void {
  const entry = { db: activeDevice.db, listener };
  listeners.add(entry);
  return () => listeners.delete(entry);
}

/** notifyLocalWrite, per device: a write wakes only the engine of the device that made it. */
export function notifyDeviceLocalWrite(): void {
  for (const entry of listeners) if (entry.db === activeDevice.db) entry.listener();
}
