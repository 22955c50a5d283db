import { randomUUID } from 'node:crypto';
import type { DeviceSealedEntity, PullResponse, SyncChange, SyncedRecordRevision } from '@sanidok/schema';
import { deviceSealContext, deviceSealedFields } from '@sanidok/schema';
import { decryptField, fromBase64Url, loadSodium, openSealedBox, splitBatchEnvelope, toBase64Url } from '@sanidok/crypto/device';
import type { Client } from './testApp';
import { validRegistration } from './testApp';

/** A device of `client` with its X25519 key pair, registered with the password as the PWA does at sign-in. */
export interface TestDevice {
  deviceId: string;
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export async function registerDevice(client: Client, password = validRegistration().password): Promise<TestDevice> {
  const sodium = await loadSodium();
  const pair = sodium.crypto_box_keypair();
  const device = { deviceId: randomUUID(), publicKey: pair.publicKey, secretKey: pair.privateKey };
  const response = await client.put('/api/device/key', { deviceId: device.deviceId, publicKey: toBase64Url(pair.publicKey), currentPassword: password });
  if (response.statusCode !== 200) throw new Error(`Geräteschlüssel nicht hinterlegt: ${response.body}`);
  return device;
}

/** A pulled change with its sealed fields opened by the device's secret key, as the PWA opens it. */
export async function openChange(device: TestDevice, change: SyncChange): Promise<SyncChange> {
  if (change.op !== 'upsert' || change.sealed === undefined) return change;
  const entity = change.entity as DeviceSealedEntity;
  if (!Object.hasOwn(deviceSealedFields, entity)) throw new Error(`${change.entity} wird nicht versiegelt`);
  const parts = splitBatchEnvelope(change.sealed);
  if (!parts) throw new Error('Kein versiegelter Wert');
  const sodium = await loadSodium();
  const key = fromBase64Url(openSealedBox(sodium, device, parts.sealedKey));
  if (!key) throw new Error('Seitenschlüssel unlesbar');
  const fields = JSON.parse(decryptField(key, parts.inner, deviceSealContext(entity, change.id))) as Record<string, unknown>;
  const { sealed: _sealed, ...rest } = change;
  return { ...rest, data: { ...change.data, ...fields } } as SyncChange;
}

/**
 * One pull page as the PWA asks for it: naming its registered device, the sealed fields opened
 * with the device's secret. A pull by the session alone gets no patient data (docs/security.md
 * "Patient data needs the unlocked device"). `query`: more parameters, e.g. `&cursor=…`.
 */
export async function pullAsDevice(client: Client, device: TestDevice, query = ''): Promise<PullResponse> {
  const response = await client.get(`/api/sync/pull?deviceId=${device.deviceId}${query}`);
  if (response.statusCode !== 200) throw new Error(`Pull fehlgeschlagen: ${response.body}`);
  const page = response.json<PullResponse>();
  return { ...page, changes: await Promise.all(page.changes.map((change) => openChange(device, change))) };
}

/** Every page of a pull as the device, from `cursor` (the start when empty); its changes opened. */
export async function pullAllAsDevice(client: Client, device: TestDevice, cursor = ''): Promise<{ changes: SyncChange[]; cursor: string }> {
  const changes: SyncChange[] = [];
  let from = cursor;
  for (;;) {
    const page = await pullAsDevice(client, device, `&limit=1000${from ? `&cursor=${encodeURIComponent(from)}` : ''}`);
    changes.push(...page.changes);
    from = page.cursor;
    if (!page.hasMore) return { changes, cursor: from };
  }
}

/**
 * The history of a protocol as the device of `client` holds it after a full pull (sync entity
 * `recordRevision`, values opened with the device key), in the server's order; a new device of
 * `client` when none is given.
 */
export async function pulledHistory(client: Client, protocolId: string, device?: TestDevice): Promise<SyncedRecordRevision[]> {
  const { changes } = await pullAllAsDevice(client, device ?? (await registerDevice(client)));
  return changes
    .flatMap((change) => (change.op === 'upsert' && change.entity === 'recordRevision' && change.data.protocolId === protocolId ? [change.data] : []))
    .sort((a, b) => a.sequence - b.sequence || Number(a.id) - Number(b.id));
}
