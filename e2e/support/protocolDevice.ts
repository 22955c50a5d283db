import type { Page } from '@playwright/test';

/**
 * One protocol as the device holds it in its IndexedDB (`sanidok-<userId>`, tables of
 * apps/pwa/src/data/db.ts), read with the plain IndexedDB API like ./device.ts does. The
 * clinical texts are encrypted at rest: only whether they are, and never in clear, can be seen
 * from outside the app; the specs check the texts on the screens.
 */
export interface DeviceProtocol {
  status: string | null;
  /** The free texts are stored as ciphertext (`enc`), none of them in clear. */
  textsEncrypted: boolean;
  needsReview: boolean;
  /** Whether the device still holds the patient's data (encrypted) for it. */
  hasPatientData: boolean;
  vitalRecords: number;
  treatmentEntries: number;
}

export interface DeviceOutboxRow {
  name: string;
  status: string;
  message: string | null;
}

export async function deviceProtocol(page: Page, userId: number, protocolId: string): Promise<DeviceProtocol> {
  return page.evaluate(
    async ({ name, id }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error ?? new Error('IndexedDB'));
        });
      try {
        const tx = db.transaction(['protocols', 'patientData', 'vitalRecords', 'treatmentEntries'], 'readonly');
        const protocol = (await request(tx.objectStore('protocols').get(id))) as
          | { status: string; enc?: string; chiefComplaint?: unknown; allergies?: unknown; pastHistory?: unknown; needsReview?: boolean }
          | undefined;
        const patientData: unknown = await request(tx.objectStore('patientData').get(id));
        const vitals = await request(tx.objectStore('vitalRecords').index('protocolId').count(id));
        const entries = await request(tx.objectStore('treatmentEntries').index('protocolId').count(id));
        return {
          status: protocol?.status ?? null,
          textsEncrypted: typeof protocol?.enc === 'string' && !['chiefComplaint', 'allergies', 'pastHistory'].some((f) => protocol[f as 'allergies'] !== undefined),
          needsReview: protocol?.needsReview === true,
          hasPatientData: patientData !== undefined,
          vitalRecords: vitals,
          treatmentEntries: entries,
        };
      } finally {
        db.close();
      }
    },
    { name: `sanidok-${userId}`, id: protocolId },
  );
}

/** The device's outbox rows in their order, with the server's reason on rejected ones. */
export async function deviceOutbox(page: Page, userId: number): Promise<DeviceOutboxRow[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
    });
    try {
      const rows = await new Promise<{ name: string; status: string; message?: string }[]>((resolve, reject) => {
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result as { name: string; status: string; message?: string }[]);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      });
      return rows.map((r) => ({ name: r.name, status: r.status, message: r.message ?? null }));
    } finally {
      db.close();
    }
  }, `sanidok-${userId}`);
}
