import type { Sodium, UnlockedKeys } from '@sanidok/crypto/device';
import type { SaniDokDb } from '../../src/data/db';
import { loadSodium } from '@sanidok/crypto/device';
import { currentDatabase, subscribeDatabase } from '../../src/data/db';
import { useLockStore } from '../../src/sync/lockStore';

/**
 * Most tests play a device its user has unlocked: every database that opens gets fresh
 * random keys at once, and the lock store says unlocked. Lock tests lock on purpose
 * (test/data/crypto, test/features/lock) and unlock through the real keyring.
 */
export async function freshKeys(): Promise<UnlockedKeys> {
  const sodium = await loadSodium();
  const pair = sodium.crypto_box_keypair();
  const dataKey = new Uint8Array(32);
  globalThis.crypto.getRandomValues(dataKey);
  return { dataKey, device: { publicKey: pair.publicKey, secretKey: pair.privateKey } };
}

// Loaded by the setup's beforeEach, so databases made synchronously can be unlocked at once.
let loaded: Sodium | undefined;

/** Fresh random keys for a database a test made itself (a second device's own IndexedDB). */
export function unlockTestDatabase(db: SaniDokDb): void {
  if (!loaded) throw new Error('libsodium not loaded yet (test/setup.ts)');
  const pair = loaded.crypto_box_keypair();
  const dataKey = new Uint8Array(32);
  globalThis.crypto.getRandomValues(dataKey);
  db.crypto.sodium = loaded;
  db.crypto.unlock({ dataKey, device: { publicKey: pair.publicKey, secretKey: pair.privateKey } });
}

export async function unlockEveryDatabase(): Promise<() => void> {
  loaded = await loadSodium();
  const unlock = () => {
    const db = currentDatabase();
    if (db && !db.crypto.unlocked) unlockTestDatabase(db);
  };
  unlock();
  useLockStore.setState({ status: 'unlocked', error: null, discardedInput: false, methodsKnown: true });
  return subscribeDatabase(unlock);
}
