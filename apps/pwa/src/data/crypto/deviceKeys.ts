import { createKeyring, fromBase64Url, loadSodium, rewrapKeyring, unlockKeyring } from '@sanidok/crypto/device';
import type { SaniDokDb } from '../db';
import { secretTables } from './secretFields';

/**
 * Unlocking the device database (docs/security.md "Encryption on the device").
 * The keyring lives in the database's `meta` table: deleting the database (sign-out with an empty
 * outbox) deletes the keys with the data.
 */

/**
 * Loads what the encryption layer needs: the public keys, and libsodium (sealing must be
 * synchronous inside a transaction). The session's start leaves libsodium out (`sodium: false`):
 * a locked cycle loads it when it first has something to seal (./sealingOnDemand.ts).
 */
export async function prepareDeviceCrypto(db: SaniDokDb, options: { sodium?: boolean } = {}): Promise<void> {
  if (options.sodium !== false) db.crypto.sodium ??= await loadSodium();
  const [keyring, serverKey] = await Promise.all([db.getMeta('keyring'), db.getMeta('serverSealKey')]);
  if (keyring) db.crypto.devicePublicKey = fromBase64Url(keyring.devicePublicKey) ?? null;
  if (serverKey) db.crypto.serverPublicKey = fromBase64Url(serverKey) ?? null;
}

/**
 * Opens the keyring with the account password; a database without one (first sign-in on this
 * device, or data stored in clear by an app without device encryption) gets a new keyring under this password. Throws
 * WrongPasswordError (from @sanidok/crypto/device) when the password does not open it.
 *
 * A new keyring is written in one put before anything is encrypted under it: a crash between
 * making and writing the key leaves no keyring and no data under the lost key (test:
 * deviceKeys.test.ts "crash between wrapping and writing").
 */
export async function unlockDevice(db: SaniDokDb, password: string, params?: Parameters<typeof createKeyring>[1]): Promise<void> {
  await prepareDeviceCrypto(db);
  const existing = await db.getMeta('keyring');
  if (existing) {
    db.crypto.unlock(await unlockKeyring(existing, password));
  } else {
    const { keyring, keys } = await createKeyring(password, params);
    await db.setMeta('keyring', keyring);
    db.crypto.unlock(keys);
  }
  await finishUnlock(db);
}

/** After any unlock (password or PIN): rows sealed while locked go under the data key. */
export async function finishUnlock(db: SaniDokDb): Promise<void> {
  try {
    await encryptStoredRows(db);
  } catch (error) {
    // A full disk (QuotaExceededError) must not keep the medic out: sealed rows stay readable and
    // as well protected (the device secret is under the data key); the next unlock tries again.
    console.warn('Re-encryption after unlock postponed', error);
  }
}

/**
 * After a password change on this device: the same data key under the new password, in one put
 * (a crash leaves the old wrap, which the old password still opens).
 */
export async function rewrapDevice(db: SaniDokDb, password: string): Promise<void> {
  const keys = db.crypto.unlocked;
  const keyring = await db.getMeta('keyring');
  if (!keys || !keyring) return;
  await db.setMeta('keyring', await rewrapKeyring(keyring, keys, password));
}

export function lockDevice(db: SaniDokDb): void {
  db.crypto.lock();
}

/**
 * Rewrites every row of the secret tables once under the data key: rows stored in clear before
 * device encryption existed, and rows sealed to the device while locked. Each table in its own transaction; the
 * flags are cleared only after all of them, so a crash repeats the pass (idempotent).
 */
async function encryptStoredRows(db: SaniDokDb): Promise<void> {
  const [migrated, sealed] = await Promise.all([db.getMeta('plaintextMigrated'), db.getMeta('sealedWhileLocked')]);
  if (migrated && !sealed && !db.crypto.sealedWhileLocked) return;
  for (const name of secretTables) {
    const table = db.table(name);
    await db.transaction('rw', table, async () => {
      await table.bulkPut(await table.toArray());
    });
  }
  db.crypto.sealedWhileLocked = false;
  await db.transaction('rw', db.meta, async () => {
    await db.setMeta('plaintextMigrated', true);
    await db.setMeta('sealedWhileLocked', false);
  });
}
