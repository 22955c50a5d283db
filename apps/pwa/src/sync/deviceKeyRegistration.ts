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
 * Once per device id and key. The first registration starts the pull over from the beginning: the
 * server left patient data out of the pages this device pulled before.
 * A failure (a server without the endpoint) changes nothing and is tried at the next password
 * unlock. Offline it sends nothing at all: an offline tablet makes no requests (sync/syncEngine.ts).
 * Returns true when it registered now.
 */
export async function registerDeviceKey(db: SaniDokDb, password: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  const device = await registration(db);
  if (!device || device.registered === device.current) return false;
  const { current, deviceId, publicKey } = device;
  try {
    await apiSend('PUT', '/api/device/key', { deviceId, publicKey, currentPassword: password }, deviceKeyRegistrationReply);
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

interface Registration {
  deviceId: string;
  publicKey: string;
  /** Device id and key as the server must know them. */
  current: string;
  /** What the device last registered. */
  registered: string | undefined;
}

/** This device's registration state; null before the first unlock (no keyring yet). */
async function registration(db: SaniDokDb): Promise<Registration | null> {
  const [keyring, deviceId, registered] = await Promise.all([db.getMeta('keyring'), db.getMeta('deviceId'), db.getMeta('registeredDeviceKey')]);
  if (!keyring || !deviceId) return null;
  return { deviceId, publicKey: keyring.devicePublicKey, current: `${deviceId} ${keyring.devicePublicKey}`, registered };
}

/**
 * Whether this device still waits for its key's registration: unlocked so far only by PIN or the
 * device lock, or by the password without a connection. Its pulls carry no patient data until the
 * next password unlock registers it. False before the first unlock (nothing to register yet).
 */
export async function awaitsDeviceKeyRegistration(db: SaniDokDb): Promise<boolean> {
  const device = await registration(db);
  return device !== null && device.registered !== device.current;
}
