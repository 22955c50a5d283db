import { decodeBase64Url as fromBase64Url } from '../base64url';
import { passwordHashCost } from '../passwordCost';
import { randomBytes, toBase64Url } from '../random';
import { loadSodium } from '../sodium';
import { decryptField, encryptField } from './fieldCipher';
import { unwrapKey, wrapKey } from './keyWrap';
import type { PinWrap } from './pin';
import type { PrfWrap } from './prf';

/**
 * The device keyring (docs/security.md, "Encryption on the device"): a random 32-byte data key
 * that encrypts every secret field of the device database, wrapped with AES-256-GCM (WebCrypto)
 * under a key derived from the account password with Argon2id (the parameters of the server's
 * password hashes). Beside it an X25519 key pair: rows pulled while the app is locked are sealed
 * to its public key; its secret key is wrapped under the data key.
 *
 * The keyring is one value, written in one put: a crash between wrapping and writing leaves the
 * previous keyring or none, never half of one.
 */
export interface DeviceKeyring {
  v: 1;
  salt: string;
  opsLimit: number;
  memLimitBytes: number;
  /** `<iv>.<ct+tag>`: the data key under the Argon2id key. */
  wrappedDataKey: string;
  devicePublicKey: string;
  /** The device's X25519 secret key, encrypted under the data key. */
  wrappedDeviceSecret: string;
  /** Quick unlock: the data key under the PIN and the server's share (./pin.ts). */
  pin?: PinWrap;
  /** Quick unlock: the data key under the platform authenticator's PRF output (./prf.ts). */
  prf?: PrfWrap;
}

export interface UnlockedKeys {
  dataKey: Uint8Array;
  device: { publicKey: Uint8Array; secretKey: Uint8Array };
}

/** The password does not open this keyring (wrong, or the device was set up with an earlier one). */
export class WrongPasswordError extends Error {
  constructor() {
    super('Das Passwort öffnet die Daten dieses Geräts nicht.');
    this.name = 'WrongPasswordError';
  }
}

const wrapContext = new TextEncoder().encode('sanidok/device-keyring/v1');
const deviceSecretContext = 'sanidok/device-secret/v1';
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

async function passwordKey(password: string, salt: Uint8Array, opsLimit: number, memLimitBytes: number): Promise<AesKey> {
  const sodium = await loadSodium();
  const raw = sodium.crypto_pwhash(32, password, salt, opsLimit, memLimitBytes, sodium.crypto_pwhash_ALG_ARGON2ID13);
  try {
    // Non-extractable: the derived key is used for this one wrap or unwrap and then dropped.
    return await globalThis.crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}

const wrap = (key: AesKey, secret: Uint8Array) => wrapKey(key, secret, wrapContext);
const unwrap = (key: AesKey, wrapped: string) => unwrapKey(key, wrapped, wrapContext, () => new WrongPasswordError());

/** A new keyring for a device database; `params` lowers Argon2id's cost in unit tests only. */
export async function createKeyring(
  password: string,
  params: { opsLimit: number; memLimitBytes: number } = passwordHashCost(),
): Promise<{ keyring: DeviceKeyring; keys: UnlockedKeys }> {
  const sodium = await loadSodium();
  const salt = randomBytes(sodium.crypto_pwhash_SALTBYTES);
  const dataKey = randomBytes(32);
  const pair = sodium.crypto_box_keypair();
  const kek = await passwordKey(password, salt, params.opsLimit, params.memLimitBytes);
  const keyring: DeviceKeyring = {
    v: 1,
    salt: toBase64Url(salt),
    opsLimit: params.opsLimit,
    memLimitBytes: params.memLimitBytes,
    wrappedDataKey: await wrap(kek, dataKey),
    devicePublicKey: toBase64Url(pair.publicKey),
    wrappedDeviceSecret: encryptField(dataKey, toBase64Url(pair.privateKey), deviceSecretContext),
  };
  return { keyring, keys: { dataKey, device: { publicKey: pair.publicKey, secretKey: pair.privateKey } } };
}

/** Opens the keyring with the password; throws {@link WrongPasswordError}. */
export async function unlockKeyring(keyring: DeviceKeyring, password: string): Promise<UnlockedKeys> {
  const salt = fromBase64Url(keyring.salt);
  if (!salt) throw new WrongPasswordError();
  const kek = await passwordKey(password, salt, keyring.opsLimit, keyring.memLimitBytes);
  return keysFromDataKey(keyring, await unwrap(kek, keyring.wrappedDataKey));
}

/** The keys of a keyring whose data key was unwrapped another way (the PIN). */
export function keysFromDataKey(keyring: DeviceKeyring, dataKey: Uint8Array): UnlockedKeys {
  const secret = fromBase64Url(decryptField(dataKey, keyring.wrappedDeviceSecret, deviceSecretContext));
  const publicKey = fromBase64Url(keyring.devicePublicKey);
  if (!secret || !publicKey) throw new WrongPasswordError();
  return { dataKey, device: { publicKey, secretKey: secret } };
}

/** The same data key under a new password (a password change on this device). */
export async function rewrapKeyring(keyring: DeviceKeyring, keys: UnlockedKeys, password: string): Promise<DeviceKeyring> {
  const sodium = await loadSodium();
  const salt = randomBytes(sodium.crypto_pwhash_SALTBYTES);
  const kek = await passwordKey(password, salt, keyring.opsLimit, keyring.memLimitBytes);
  return { ...keyring, salt: toBase64Url(salt), wrappedDataKey: await wrap(kek, keys.dataKey) };
}

/** Overwrites the key bytes in memory (lock, sign-out). */
export function wipeKeys(keys: UnlockedKeys): void {
  keys.dataKey.fill(0);
  keys.device.secretKey.fill(0);
}
