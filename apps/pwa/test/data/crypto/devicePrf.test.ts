import { PrfUnwrapError, toBase64Url } from '@sanidok/crypto/device';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDevice, unlockDevice } from '../../../src/data/crypto/deviceKeys';
import { enrolDevicePin, forgetDevicePin } from '../../../src/data/crypto/devicePin';
import { enrolDevicePrf, forgetDevicePrf, hasDevicePrf, unlockDeviceWithPrf } from '../../../src/data/crypto/devicePrf';
import { DeviceLockedError } from '../../../src/data/crypto/rowCipher';
import type { SaniDokDb } from '../../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../../src/data/db';
import { createPlatformPrfCredential, platformPrfOutput, PrfUnsupportedError } from '../../../src/lib/platformAuthenticator';
import { installFakeAuthenticator, removeFakeAuthenticator } from '../../helpers/fakeAuthenticator';

/** The device-lock copy of the data key (WebAuthn PRF), with a faked authenticator. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const user = { id: 4343, name: 'Bruno Bergwacht' };
const password = 'Korrekt-Pferd-Batterie-7';

async function unlockedDevice(): Promise<SaniDokDb> {
  const db = openUserDatabase(user.id, user.name);
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  return db;
}

afterEach(async () => {
  removeFakeAuthenticator();
  await deleteUserDatabase(user.id);
});

describe('device lock copy (WebAuthn PRF)', () => {
  it('enrols in one keyring put; the stored copy holds no key, and the authenticator unlocks the locked device', async () => {
    const authenticator = installFakeAuthenticator();
    const db = await unlockedDevice();
    const dataKey = db.crypto.unlocked?.dataKey.slice();
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user));
    const keyring = await db.getMeta('keyring');
    expect(keyring?.prf).toEqual({ credentialId: expect.any(String) as string, salt: expect.any(String) as string, wrappedDataKey: expect.any(String) as string });
    expect(JSON.stringify(keyring)).not.toContain(toBase64Url(dataKey ?? new Uint8Array()));
    expect((authenticator.create.mock.calls[0]?.[0] as CredentialCreationOptions | undefined)?.publicKey).toMatchObject({
      rp: { id: location.hostname },
      authenticatorSelection: { userVerification: 'required', residentKey: 'discouraged' },
    });
    lockDevice(db);
    await unlockDeviceWithPrf(db, platformPrfOutput);
    expect(db.crypto.state).toBe('unlocked');
    expect(db.crypto.unlocked?.dataKey).toEqual(dataKey);
    const request = (authenticator.get.mock.calls[0]?.[0] as CredentialRequestOptions).publicKey as PublicKeyCredentialRequestOptions;
    expect(request.userVerification).toBe('required');
    expect(toBase64Url(new Uint8Array(request.allowCredentials?.[0]?.id as ArrayBuffer))).toBe(keyring?.prf?.credentialId);
  });

  it('a browser that reports only prf.enabled at creation gets the output from one get()', async () => {
    const authenticator = installFakeAuthenticator({ prf: 'enabled-only' });
    const db = await unlockedDevice();
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user));
    expect(authenticator.get).toHaveBeenCalledTimes(1);
    lockDevice(db);
    await unlockDeviceWithPrf(db, platformPrfOutput);
    expect(db.crypto.state).toBe('unlocked');
  });

  it('an authenticator without PRF stores nothing', async () => {
    installFakeAuthenticator({ prf: 'none' });
    const db = await unlockedDevice();
    await expect(enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user))).rejects.toBeInstanceOf(PrfUnsupportedError);
    expect(await hasDevicePrf(db)).toBe(false);
  });

  it('a lock during the prompt stores nothing (the key bytes in memory are wiped)', async () => {
    const db = await unlockedDevice();
    await expect(enrolDevicePrf(db, (salt) => {
      lockDevice(db);
      return Promise.resolve({ credentialId: new Uint8Array(16), output: salt.slice() });
    })).rejects.toBeInstanceOf(DeviceLockedError);
    expect(await hasDevicePrf(db)).toBe(false);
  });

  it('another PRF output does not unlock; the device stays locked', async () => {
    installFakeAuthenticator();
    const db = await unlockedDevice();
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user));
    lockDevice(db);
    await expect(unlockDeviceWithPrf(db, () => Promise.resolve(crypto.getRandomValues(new Uint8Array(32))))).rejects.toBeInstanceOf(PrfUnwrapError);
    expect(db.crypto.state).toBe('locked');
  });

  it('removing it, and losing the PIN, drop the copy; a new PIN keeps it', async () => {
    installFakeAuthenticator();
    const db = await unlockedDevice();
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user));
    await forgetDevicePrf(db);
    expect(await hasDevicePrf(db)).toBe(false);
    await enrolDevicePrf(db, (salt) => createPlatformPrfCredential(salt, user));
    const share = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    await db.setMeta('deviceId', 'device-prf-test');
    await enrolDevicePin(db, '123456', () => Promise.resolve(share), cheap);
    expect(await hasDevicePrf(db)).toBe(true);
    await forgetDevicePin(db);
    const keyring = await db.getMeta('keyring');
    expect(keyring?.pin).toBeUndefined();
    expect(keyring?.prf).toBeUndefined();
    expect(keyring?.wrappedDataKey).toEqual(expect.any(String) as string);
  });
});
