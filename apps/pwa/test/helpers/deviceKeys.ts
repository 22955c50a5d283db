import type { UnlockedKeys } from '@sanidok/crypto/device';
import { loadSodium } from '@sanidok/crypto/device';
import { currentDatabase, subscribeDatabase } from '../../src/data/db';
import { useLockStore } from '../../src/sync/lockStore';

/**
 * Most tests play a device its user has unlocked (issue 16): every database that opens gets fresh
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

export async function unlockEveryDatabase(): Promise<() => void> {
  const sodium = await loadSodium();
  const unlock = () => {
    const db = currentDatabase();
    if (!db || db.crypto.unlocked) return;
    const pair = sodium.crypto_box_keypair();
    const dataKey = new Uint8Array(32);
    globalThis.crypto.getRandomValues(dataKey);
    db.crypto.sodium = sodium;
    db.crypto.unlock({ dataKey, device: { publicKey: pair.publicKey, secretKey: pair.privateKey } });
  };
  unlock();
  useLockStore.setState({ status: 'unlocked', error: null, discardedInput: false });
  return subscribeDatabase(unlock);
}
