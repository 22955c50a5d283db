import { describe, expect, it } from 'vitest';
import {
  createKeyring, decryptField, encryptField, keysFromDataKey, loadSodium, openSealedBox, pinSecrets, PinUnwrapError, rewrapKeyring, sealToPublicKey,
  toBase64Url, unlockKeyring, unwrapUnderPin, wrapUnderPin, WrongPasswordError,
} from '../../src/device';

/** The device keyring, the field cipher and the PIN wrap. Argon2id is cheap here. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };

describe('device keys', () => {
  it('field envelopes open only with their key and context', () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const envelope = encryptField(key, 'Zacharias Quellenbrunn', 'sanidok/minorTreatments/1');
    expect(envelope.startsWith('d1.')).toBe(true);
    expect(envelope).not.toContain('Zacharias');
    expect(decryptField(key, envelope, 'sanidok/minorTreatments/1')).toBe('Zacharias Quellenbrunn');
    expect(() => decryptField(key, envelope, 'sanidok/minorTreatments/2')).toThrow();
    expect(() => decryptField(crypto.getRandomValues(new Uint8Array(32)), envelope, 'sanidok/minorTreatments/1')).toThrow();
  });

  it('the keyring opens with the password only, and after a rewrap with the new one only', async () => {
    const { keyring, keys } = await createKeyring('altes-Passwort-1', cheap);
    expect(JSON.stringify(keyring)).not.toContain(toBase64Url(keys.dataKey));
    const opened = await unlockKeyring(keyring, 'altes-Passwort-1');
    expect(opened.dataKey).toEqual(keys.dataKey);
    await expect(unlockKeyring(keyring, 'falsch')).rejects.toBeInstanceOf(WrongPasswordError);
    const rewrapped = await rewrapKeyring(keyring, keys, 'neues-Passwort-2');
    expect((await unlockKeyring(rewrapped, 'neues-Passwort-2')).dataKey).toEqual(keys.dataKey);
    await expect(unlockKeyring(rewrapped, 'altes-Passwort-1')).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('rows sealed to the device open with its secret from the keyring', async () => {
    const sodium = await loadSodium();
    const { keyring, keys } = await createKeyring('Passwort-123', cheap);
    const sealed = sealToPublicKey(sodium, keys.device.publicKey, '{"patientName":"Erika"}');
    const again = keysFromDataKey(keyring, keys.dataKey);
    expect(openSealedBox(sodium, again.device, sealed)).toBe('{"patientName":"Erika"}');
  });

  it('the PIN wrap needs both the PIN and the server share', async () => {
    const { keys } = await createKeyring('Passwort-123', cheap);
    const share = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    const secrets = await pinSecrets('123456', undefined, cheap);
    const wrap = await wrapUnderPin(keys.dataKey, secrets, share, cheap);
    const right = await pinSecrets('123456', wrap.salt, cheap);
    expect(right.verifier).toBe(secrets.verifier);
    expect(await unwrapUnderPin(wrap, right, share)).toEqual(keys.dataKey);
    const wrongPin = await pinSecrets('654321', wrap.salt, cheap);
    expect(wrongPin.verifier).not.toBe(secrets.verifier);
    await expect(unwrapUnderPin(wrap, wrongPin, share)).rejects.toBeInstanceOf(PinUnwrapError);
    await expect(unwrapUnderPin(wrap, right, toBase64Url(crypto.getRandomValues(new Uint8Array(32))))).rejects.toBeInstanceOf(PinUnwrapError);
  });
});
