import { deviceKeyRegistrationReply } from '@sanidok/schema';
import { apiSend } from '../api/client';
import type { SaniDokDb } from '../data/db';

/**
 * Registers this device's public key with the server (docs/security.md "Patient data needs the
 * unlocked device"), with the password just typed: the server seals every pulled patient name to
 * that key, so a copy of the locked tablet's disk — session cookie and device id included — reads
 * none. Runs after a password unlock (sign-in or lock screen); a PIN or the device lock cannot
 * register, as they never reach the server with the password.
 *
 * Once per device id and key. The first registration starts the pull over from the beginning: a
 * server that requires device keys left patient data out of the pages this device pulled before.
 * A failure (a server without the endpoint) changes nothing and is tried at the next password
 * unlock. Offline it sends nothing at all: an offline tablet makes no requests (sync/syncEngine.ts).
 * Returns true when it registered now.
 */
export async function registerDeviceKey(db: SaniDokDb, password: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  const [keyring, deviceId, registered] = await Promise.all([db.getMeta('keyring'), db.getMeta('deviceId'), db.getMeta('registeredDeviceKey')]);
  if (!keyring || !deviceId) return false;
  const current = `${deviceId} ${keyring.devicePublicKey}`;
  if (registered === current) return false;
  try {
    await apiSend('PUT', '/api/device/key', { deviceId, publicKey: keyring.devicePublicKey, currentPassword: password }, deviceKeyRegistrationReply);
  } catch (error) {
    console.warn('Device key not registered', error);
    return false;
  }
  await db.transaction('rw', db.meta, async () => {
    await db.meta.delete('cursor');
    await db.setMeta('registeredDeviceKey', current);
  });
  return true;
}
