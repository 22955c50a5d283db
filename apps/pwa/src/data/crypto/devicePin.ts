import { keysFromDataKey, pinSecrets, unwrapUnderPin, wrapUnderPin } from '@sanidok/crypto/device';
import type { SaniDokDb } from '../db';
import { finishUnlock, prepareDeviceCrypto } from './deviceKeys';
import { DeviceLockedError } from './rowCipher';

/**
 * Quick unlock with a 6-digit PIN: the PIN alone opens nothing, the server's share is
 * needed too (@sanidok/crypto/device pin.ts). The server is reached through `fetchShare`, handed
 * in by the sync layer, so data/ stays free of HTTP; its errors (wrong PIN with the count left,
 * share destroyed) pass through unchanged.
 */
export type ShareRequest = (input: { deviceId: string; verifier: string }) => Promise<string>;
type Argon2Params = Parameters<typeof pinSecrets>[2];

async function deviceIdOf(db: SaniDokDb): Promise<string> {
  const id = await db.getMeta('deviceId');
  if (!id) throw new Error('Geräte-Kennung fehlt');
  return id;
}

/** Sets up (or replaces) the PIN of an unlocked device: the keyring is rewritten in one put. */
export async function enrolDevicePin(db: SaniDokDb, pin: string, enrol: ShareRequest, params?: Argon2Params): Promise<void> {
  const keys = db.crypto.unlocked;
  const keyring = await db.getMeta('keyring');
  if (!keys || !keyring) throw new DeviceLockedError();
  const secrets = await pinSecrets(pin, undefined, params);
  try {
    const share = await enrol({ deviceId: await deviceIdOf(db), verifier: secrets.verifier });
    const pinWrap = await wrapUnderPin(keys.dataKey, secrets, share, params);
    await db.setMeta('keyring', { ...keyring, pin: pinWrap });
  } finally {
    secrets.wrapPart.fill(0);
  }
}

export async function unlockDeviceWithPin(db: SaniDokDb, pin: string, fetchShare: ShareRequest): Promise<void> {
  await prepareDeviceCrypto(db);
  const keyring = await db.getMeta('keyring');
  if (!keyring?.pin) throw new DeviceLockedError();
  const secrets = await pinSecrets(pin, keyring.pin.salt, keyring.pin);
  try {
    const share = await fetchShare({ deviceId: await deviceIdOf(db), verifier: secrets.verifier });
    db.crypto.unlock(keysFromDataKey(keyring, await unwrapUnderPin(keyring.pin, secrets, share)));
  } finally {
    secrets.wrapPart.fill(0);
  }
  await finishUnlock(db);
}

/**
 * The server destroyed the share (5 wrong PINs): the PIN copy is useless, only the password
 * remains. Someone guessed at this device, so the device-lock copy (./devicePrf.ts) goes too, in
 * the same put: every quick unlock ends with the PIN (docs/decisions.md).
 */
export async function forgetDevicePin(db: SaniDokDb): Promise<void> {
  const keyring = await db.getMeta('keyring');
  if (!keyring?.pin && !keyring?.prf) return;
  const { pin: _pin, prf: _prf, ...rest } = keyring;
  await db.setMeta('keyring', rest);
}

export async function hasDevicePin(db: SaniDokDb): Promise<boolean> {
  return (await db.getMeta('keyring'))?.pin !== undefined;
}
