import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { clientHeader } from './api';

/**
 * Service teams through the real server's REST API, for specs whose subject is not
 * the Team tab: patient data reaches only the team's devices, so a member who captures or reads
 * patient data in a spec is put on the team first (PUT /api/services/{id}/team, owner or admin).
 */
export async function setServiceTeamViaApi(ownerRequest: APIRequestContext, serviceId: string, userIds: number[]): Promise<void> {
  const response = await ownerRequest.put(`/api/services/${serviceId}/team`, { headers: clientHeader, data: { userIds } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Adds members to the team as it is now (the creator stays on it). */
export async function addToServiceTeamViaApi(ownerRequest: APIRequestContext, serviceId: string, ...userIds: number[]): Promise<void> {
  const current = await ownerRequest.get(`/api/services/${serviceId}/team`);
  expect(current.status(), await current.text()).toBe(200);
  const members = (await current.json()) as { userId: number }[];
  await setServiceTeamViaApi(ownerRequest, serviceId, [...new Set([...members.map((m) => m.userId), ...userIds])]);
}

/** The service's access code as its owner sees it. */
export async function accessCodeViaApi(ownerRequest: APIRequestContext, serviceId: string): Promise<string> {
  const response = await ownerRequest.get(`/api/services/${serviceId}`);
  expect(response.status(), await response.text()).toBe(200);
  const code = ((await response.json()) as { accessCode: string | null }).accessCode;
  expect(code, 'Zugangscode des Dienstes').toBeTruthy();
  return code ?? '';
}

/**
 * Whether any row of the device's IndexedDB (`sanidok-<userId>`, every table, outbox included)
 * contains `text`: the tablet-side proof of where a patient's name is stored.
 */
export async function deviceHoldsText(page: Page, userId: number, text: string): Promise<boolean> {
  return page.evaluate(
    async ({ name, needle }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      try {
        const stores = [...db.objectStoreNames];
        if (stores.length === 0) return false;
        const tx = db.transaction(stores, 'readonly');
        const all = await Promise.all(
          stores.map(
            (store) =>
              new Promise<unknown[]>((resolve, reject) => {
                const request = tx.objectStore(store).getAll();
                request.onsuccess = () => resolve(request.result as unknown[]);
                request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
              }),
          ),
        );
        return all.some((rows) => rows.some((row) => JSON.stringify(row).includes(needle)));
      } finally {
        db.close();
      }
    },
    { name: `sanidok-${userId}`, needle: text },
  );
}

/** Rows of one table of the device's IndexedDB (read-only look, as ./device.ts does). */
export async function deviceRows(page: Page, userId: number, table: string): Promise<unknown[]> {
  return page.evaluate(
    async ({ name, store }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        return await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        });
      } finally {
        db.close();
      }
    },
    { name: `sanidok-${userId}`, store: table },
  );
}

/**
 * Whether the device stores a protocol's patient data (its `patientData` row). Its
 * fields are encrypted at rest, so the row's presence is what can be seen from outside the app;
 * `deviceHoldsText` then proves that the name itself is never stored in clear.
 */
export async function deviceHoldsPatientData(page: Page, userId: number, protocolId: string): Promise<boolean> {
  const rows = (await deviceRows(page, userId, 'patientData')) as { protocolId: string }[];
  return rows.some((row) => row.protocolId === protocolId);
}
