import type { Page } from '@playwright/test';
import { decryptedDeviceRows } from './deviceDecrypt';

/**
 * Looks into the device's own IndexedDB (`sanidok-<userId>`, docs/sync-protocol.md) from the
 * page, with the plain IndexedDB API: what the outbox still holds is the device's side of
 * "nothing lost".
 */
export interface OutboxSummary {
  pending: number;
  rejected: number;
  /** Reasons of rejected rows, for a readable failure. */
  messages: string[];
}

export async function outboxSummary(page: Page, userId: number): Promise<OutboxSummary> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
    });
    try {
      const rows = await new Promise<{ status: string; message?: string }[]>((resolve, reject) => {
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result as { status: string; message?: string }[]);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      });
      return {
        pending: rows.filter((r) => r.status === 'pending').length,
        rejected: rows.filter((r) => r.status === 'rejected').length,
        messages: rows.flatMap((r) => (r.message ? [r.message] : [])),
      };
    } finally {
      db.close();
    }
  }, `sanidok-${userId}`);
}

export interface BulkTreatment {
  id: string;
  patientName: string;
  description: string;
  materials: { id: number; quantity: number; usageId: string }[];
  createdAt: string;
}

/**
 * Stores treatments exactly as the app's local write does (apps/pwa/src/data/outbox.ts
 * writeMutation with 'minorTreatment.create'): the treatment row, its usage rows and one outbox
 * row each, with the next gapless seq, all in ONE IndexedDB transaction. Hundreds of saves through
 * the dialog would take minutes; the dialog's own write path is covered in
 * minorTreatments.spec.ts and by the few saves each fault test makes through the UI.
 * The app's live queries do not see writes from outside Dexie: reload afterwards.
 */
export async function storeTreatmentsLikeTheApp(page: Page, userId: number, serviceId: string, treatments: BulkTreatment[]): Promise<void> {
  await page.evaluate(
    async ({ name, serviceId: id, rows }) => {
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
      const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      const uuidv7 = () => {
        const bytes = crypto.getRandomValues(new Uint8Array(16));
        const now = Date.now();
        const time = now.toString(16).padStart(12, '0');
        for (let i = 0; i < 6; i += 1) bytes[i] = Number.parseInt(time.slice(i * 2, i * 2 + 2), 16);
        bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
        bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
        const h = hex(bytes);
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
      };
      try {
        const tx = db.transaction(['meta', 'outbox', 'services', 'materials', 'minorTreatments', 'materialUsage'], 'readwrite');
        const done = new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB abgebrochen'));
        });
        const service = (await request(tx.objectStore('services').get(id))) as { id: string; name: string; organizationId: number } | undefined;
        if (!service) throw new Error('Dienst nicht auf dem Gerät');
        const catalogue = new Map(((await request(tx.objectStore('materials').getAll())) as { id: number; name: string }[]).map((m) => [m.id, m.name]));
        let seq = (((await request(tx.objectStore('meta').get('seq'))) as { value: number } | undefined)?.value ?? 0);
        for (const row of rows) {
          seq += 1;
          tx.objectStore('minorTreatments').put({
            id: row.id, serviceId: service.id, serviceName: service.name, organizationId: service.organizationId, patientName: row.patientName,
            description: row.description, treatedById: Number(name.split('-')[1]), createdAt: row.createdAt, date: row.createdAt,
            materials: row.materials.map((m) => ({ materialId: m.id, name: catalogue.get(m.id) ?? '', quantity: m.quantity })),
          });
          for (const m of row.materials) {
            tx.objectStore('materialUsage').put({
              id: m.usageId, materialId: m.id, quantity: m.quantity, serviceId: service.id, organizationId: service.organizationId,
              source: 'minor_treatment', sourceId: row.id, usedAt: row.createdAt, refilledAt: null,
            });
          }
          tx.objectStore('outbox').add({
            seq, mutationId: uuidv7(), name: 'minorTreatment.create', args: { ...row, serviceId: service.id }, createdAt: row.createdAt, entityId: row.id, status: 'pending',
          });
        }
        tx.objectStore('meta').put({ key: 'seq', value: seq });
        await done;
      } finally {
        db.close();
      }
    },
    { name: `sanidok-${userId}`, serviceId, rows: treatments },
  );
}

/** Treatments (id → patient name) the device holds for a service, decrypted with the password. */
export async function deviceTreatments(page: Page, userId: number, serviceId: string): Promise<Map<string, string>> {
  const rows = (await decryptedDeviceRows(page, userId, 'minorTreatments')) as { id: string; serviceId: string; patientName: string }[];
  return new Map(rows.filter((r) => r.serviceId === serviceId).map((r): [string, string] => [r.id, r.patientName]));
}
