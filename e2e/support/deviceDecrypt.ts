import type { DeviceKeyring } from '@sanidok/crypto/device';
import { loadSodium, unlockKeyring } from '@sanidok/crypto/device';
import type { Page } from '@playwright/test';
import { DeviceCrypto } from '../../apps/pwa/src/data/crypto/deviceCrypto';
import { openRow } from '../../apps/pwa/src/data/crypto/rowCipher';
import type { SecretTable } from '../../apps/pwa/src/data/crypto/secretFields';

/**
 * Reads a table of the device's IndexedDB as the app sees it (its secret fields are
 * encrypted at rest). The test plays someone who knows the account password: it reads the keyring
 * from the raw database, opens it with the password and decrypts with the app's own row cipher.
 */
export async function decryptedDeviceRows(page: Page, userId: number, table: SecretTable, password = 'Geheim-Sani-42'): Promise<Record<string, unknown>[]> {
  const { rows, keyring } = await page.evaluate(
    async ({ name, store }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
      });
      const all = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        });
      try {
        const tx = db.transaction([store, 'meta'], 'readonly');
        const found = await all(tx.objectStore(store).getAll());
        const meta = (await all(tx.objectStore('meta').get('keyring'))) as { value: unknown } | undefined;
        return { rows: found as unknown[], keyring: meta?.value ?? null };
      } finally {
        db.close();
      }
    },
    { name: `sanidok-${userId}`, store: table },
  );
  if (!keyring) return rows as Record<string, unknown>[];
  const crypto = new DeviceCrypto();
  crypto.sodium = await loadSodium();
  crypto.unlock(await unlockKeyring(keyring as DeviceKeyring, password));
  try {
    return rows.map((row) => openRow(crypto, table, row) as Record<string, unknown>);
  } finally {
    crypto.lock();
  }
}
