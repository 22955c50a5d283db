import { fromBase64Url, keysFromDataKey, newPrfSalt, PrfUnwrapError, toBase64Url, unwrapUnderPrf, wrapUnderPrf } from '@sanidok/crypto/device';
import type { SaniDokDb } from '../db';
import { finishUnlock, prepareDeviceCrypto } from './deviceKeys';
import { DeviceLockedError } from './rowCipher';

/**
 * Quick unlock through the platform authenticator's PRF output. The WebAuthn calls are
 * handed in (lib/platformAuthenticator.ts in the app, fakes in tests), so data/ stays free of
 * browser prompts. Works offline: the secret lives in the authenticator, no server takes part.
 */
export type PrfEnrolment = (salt: Uint8Array) => Promise<{ credentialId: Uint8Array; output: Uint8Array }>;
export type PrfEvaluation = (credentialId: Uint8Array, salt: Uint8Array) => Promise<Uint8Array>;

/**
 * Sets up (or replaces) the PRF copy of an unlocked device: the keyring is rewritten in one put,
 * after the authenticator answered. A lock during the prompt wipes the key bytes in memory: then
 * nothing is stored (a wrap of the wiped bytes would open to a wrong key).
 */
export async function enrolDevicePrf(db: SaniDokDb, enrol: PrfEnrolment): Promise<void> {
  const keys = db.crypto.unlocked;
  if (!keys || !(await db.getMeta('keyring'))) throw new DeviceLockedError();
  const salt = newPrfSalt();
  const { credentialId, output } = await enrol(salt);
  try {
    if (db.crypto.unlocked !== keys) throw new DeviceLockedError();
    const wrap = await wrapUnderPrf(keys.dataKey, output, toBase64Url(credentialId), toBase64Url(salt));
    const keyring = await db.getMeta('keyring');
    if (!keyring || db.crypto.unlocked !== keys) throw new DeviceLockedError();
    await db.setMeta('keyring', { ...keyring, prf: wrap });
  } finally {
    output.fill(0);
  }
}

/** Throws PrfUnwrapError when the authenticator's answer does not open the copy, or its own errors. */
export async function unlockDeviceWithPrf(db: SaniDokDb, evaluate: PrfEvaluation): Promise<void> {
  await prepareDeviceCrypto(db);
  const keyring = await db.getMeta('keyring');
  if (!keyring?.prf) throw new DeviceLockedError();
  const credentialId = fromBase64Url(keyring.prf.credentialId);
  const salt = fromBase64Url(keyring.prf.salt);
  if (!credentialId || !salt) throw new PrfUnwrapError();
  const output = await evaluate(credentialId, salt);
  try {
    db.crypto.unlock(keysFromDataKey(keyring, await unwrapUnderPrf(keyring.prf, output)));
  } finally {
    output.fill(0);
  }
  await finishUnlock(db);
}

/** Settings "remove", and with the PIN's loss: only the password (and a new enrolment) remains. */
export async function forgetDevicePrf(db: SaniDokDb): Promise<void> {
  const keyring = await db.getMeta('keyring');
  if (!keyring?.prf) return;
  const { prf: _prf, ...rest } = keyring;
  await db.setMeta('keyring', rest);
}

export async function hasDevicePrf(db: SaniDokDb): Promise<boolean> {
  return (await db.getMeta('keyring'))?.prf !== undefined;
}
