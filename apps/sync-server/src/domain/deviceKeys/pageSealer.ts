import { createCipheriv, randomBytes } from 'node:crypto';
import type { DeviceSealedEntity } from '@sanidok/schema';
import { deviceSealContext } from '@sanidok/schema';
import { batchEnvelope, dataEnvelopePrefix, fromBase64Url, loadSodium, sealToPublicKey, toBase64Url } from '@sanidok/crypto/device';

/**
 * Seals a pull page's patient-identifying fields to the pulling device (docs/security.md "Patient
 * data needs the unlocked device"): one random page key, sealed once to the device's registered
 * X25519 key (libsodium sealed box), and each value AES-256-GCM under it with its device table
 * and id as additional data — the envelope the device itself writes while locked
 * (`batchEnvelope`), so a locked device stores it as it came and opens it after the unlock.
 *
 * The key is made on the first value: a page without patient data costs nothing. AES-GCM runs in
 * Node's native crypto (a page of 500 protocols ~1 ms); the one X25519 in libsodium (~0.2 ms).
 */
export interface PageSealer {
  seal(entity: DeviceSealedEntity, id: string, fields: Record<string, unknown>): Promise<string>;
}

export function pageSealer(devicePublicKey: string): PageSealer {
  let page: Promise<{ key: Buffer; sealedKey: string }> | undefined;
  const pageKey = () => {
    page ??= loadSodium().then((sodium) => {
      const publicKey = fromBase64Url(devicePublicKey);
      if (publicKey?.length !== 32) throw new Error('Device public key is malformed');
      const key = randomBytes(32);
      return { key, sealedKey: sealToPublicKey(sodium, publicKey, toBase64Url(key)) };
    });
    return page;
  };
  return {
    async seal(entity, id, fields) {
      const { key, sealedKey } = await pageKey();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(deviceSealContext(entity, id), 'utf8'));
      const ct = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return batchEnvelope(sealedKey, `${dataEnvelopePrefix}${toBase64Url(iv)}.${toBase64Url(ct)}`);
    },
  };
}
