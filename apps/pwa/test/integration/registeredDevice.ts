import { toBase64Url } from '@sanidok/crypto/device';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { validRegistration } from '../../../sync-server/test/helpers/testApp';
import type { SaniDokDb } from '../../src/data/db';

/**
 * What the app does at a password unlock (src/sync/deviceKeyRegistration.ts), for a test database
 * unlocked with fresh keys (test/helpers/deviceKeys.ts): registers its device key with the server,
 * whose pulls then carry the patient data sealed to it. Without it a pull carries none
 * (docs/security.md "Patient data needs the unlocked device").
 */
export async function registerDeviceWithServer(client: Client, db: SaniDokDb, password = validRegistration().password): Promise<void> {
  const deviceId = await db.getMeta('deviceId');
  const publicKey = db.crypto.devicePublicKey;
  if (!deviceId || !publicKey) throw new Error('Testgerät ohne Geräte-Id oder entsperrten Schlüssel');
  const response = await client.put('/api/device/key', { deviceId, publicKey: toBase64Url(publicKey), currentPassword: password });
  if (response.statusCode !== 200) throw new Error(`Geräteschlüssel nicht hinterlegt: ${response.body}`);
}
