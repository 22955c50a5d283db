import { batchEnvelope, decryptField, encryptField, fromBase64Url, openSealedBox, sealedEnvelopePrefix, sealToPublicKey, splitBatchEnvelope, toBase64Url } from '@sanidok/crypto/device';
import type { DeviceCrypto } from './deviceCrypto';
import type { SecretTable, StoredEnvelopeColumns } from './secretFields';
import { secretFields } from './secretFields';

/**
 * Row-level encryption of the device database, used by the Dexie middleware (./middleware.ts).
 * A stored row keeps its clear fields; its secret fields travel as one JSON envelope in `enc`.
 * Synchronous throughout: it runs inside IndexedDB transactions.
 */
export type Row = Record<string, unknown> & StoredEnvelopeColumns & { sealedArgs?: string };

/** The device is locked and cannot seal either (no keyring yet, libsodium not loaded). */
export class DeviceLockedError extends Error {
  constructor() {
    super('Das Gerät ist gesperrt: Daten können erst nach dem Entsperren gespeichert werden.');
    this.name = 'DeviceLockedError';
  }
}

/** Additional data of an envelope: table and a stable id, so a value moved to another row fails. */
export function contextOf(table: SecretTable, row: Row): string {
  const id = table === 'outbox' ? row.mutationId : table === 'patientData' ? row.protocolId : row.id;
  return `sanidok/${table}/${String(id)}`;
}

function openEnvelope(crypto: DeviceCrypto, envelope: string, context: string): Record<string, unknown> {
  const cached = crypto.plaintextCache.get(envelope);
  if (cached) return cached;
  const keys = crypto.unlocked;
  if (!keys) throw new DeviceLockedError();
  let json: string;
  const batch = splitBatchEnvelope(envelope);
  if (batch) {
    json = decryptField(lockEpochKey(crypto, batch.sealedKey), batch.inner, context);
  } else if (envelope.startsWith(sealedEnvelopePrefix)) {
    json = openSealedBox(requireSodium(crypto), keys.device, envelope);
  } else {
    json = decryptField(keys.dataKey, envelope, context);
  }
  const value = JSON.parse(json) as Record<string, unknown>;
  remember(crypto, envelope, value);
  return value;
}

/**
 * Written while locked, and patient fields as a pull delivers them: `l1~<batch key sealed to the
 * device>~<d1 envelope under that key>` (`batchEnvelope` in @sanidok/crypto/device). The sealed key
 * repeats in each row of the batch, so no extra write is needed to keep it.
 */
export function lockEpochKey(crypto: DeviceCrypto, sealedKey: string): Uint8Array {
  const keys = crypto.unlocked;
  if (!keys) throw new DeviceLockedError();
  const opened = crypto.openedLockKeys;
  let key = opened.get(sealedKey);
  if (!key) {
    key = fromBase64Url(openSealedBox(requireSodium(crypto), keys.device, sealedKey));
    if (!key) throw new Error('Unbekanntes Verschlüsselungsformat');
    opened.set(sealedKey, key);
  }
  return key;
}

function sealWhileLocked(crypto: DeviceCrypto, json: string, context: string): string {
  if (!crypto.devicePublicKey) throw new DeviceLockedError();
  if (!crypto.lockEpoch) {
    const key = globalThis.crypto.getRandomValues(new Uint8Array(32));
    crypto.lockEpoch = { key, sealedKey: sealToPublicKey(requireSodium(crypto), crypto.devicePublicKey, toBase64Url(key)) };
  }
  return batchEnvelope(crypto.lockEpoch.sealedKey, encryptField(crypto.lockEpoch.key, json, context));
}

/** Bounded: a device with a season of rows must not keep all of it decrypted in memory. */
const cacheLimit = 20_000;
export function remember(crypto: DeviceCrypto, envelope: string, value: Record<string, unknown>): void {
  if (crypto.plaintextCache.size >= cacheLimit) crypto.plaintextCache.clear();
  crypto.plaintextCache.set(envelope, value);
}

function requireSodium(crypto: DeviceCrypto) {
  if (!crypto.sodium) throw new DeviceLockedError();
  return crypto.sodium;
}

/** The secret fields of a stored row, decrypted (unlocked only). */
function secretsOf(crypto: DeviceCrypto, table: SecretTable, row: Row): Record<string, unknown> {
  if (!row.enc) return {};
  const context = contextOf(table, row);
  const merged = { ...openEnvelope(crypto, row.enc, context) };
  for (const patch of row.encPatches ?? []) Object.assign(merged, openEnvelope(crypto, patch, context));
  return merged;
}

/** Stored → app shape. Locked, the row comes back as stored: its secrets stay ciphertext. */
export function openRow(crypto: DeviceCrypto, table: SecretTable, value: unknown): unknown {
  if (!value || typeof value !== 'object' || !crypto.unlocked) return value;
  const row = value as Row;
  if (row.enc === undefined) return value;
  const { enc: _enc, encPatches: _patches, named: _named, ...rest } = row;
  return { ...rest, ...secretsOf(crypto, table, row) };
}

/** Per table, a set: a pull page splits thousands of rows (bench part 12). */
const secretFieldSets = Object.fromEntries(Object.entries(secretFields).map(([table, fields]) => [table, new Set<string>(fields)])) as unknown as Record<SecretTable, ReadonlySet<string>>;

/** A row in app shape split into its secret fields and its clear rest. `changed`: it had secrets. */
export function splitSecrets(table: SecretTable, row: Row): { secret: Record<string, unknown>; rest: Row; changed: boolean } {
  const fields = secretFieldSets[table];
  const secret: Record<string, unknown> = {};
  const rest: Row = {};
  let changed = false;
  for (const key in row) {
    if (!Object.hasOwn(row, key)) continue;
    const field = row[key];
    if (fields.has(key)) {
      secret[key] = field;
      changed = true;
    } else {
      rest[key] = field;
    }
  }
  return { secret, rest, changed };
}

/** The clear flag of minor treatments: 1 while a patient name is stored (the purge's index). */
export function markNamed(table: SecretTable, rest: Row, secret: Record<string, unknown>): void {
  if (table !== 'minorTreatments' || !('patientName' in secret)) return;
  if (secret.patientName) rest.named = 1;
  else delete rest.named;
}

/** App shape → stored. Without a data key the new secrets are sealed to the device's public key. */
export function sealRow(crypto: DeviceCrypto, table: SecretTable, value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const row = value as Row;
  const { secret, rest, changed } = splitSecrets(table, row);
  // A row read while locked and written back (a status change), or one encrypted before its
  // transaction (./preseal.ts): its ciphertext stays as it was.
  if (!changed) return value;
  const context = contextOf(table, row);
  const keys = crypto.unlocked;
  if (keys) {
    // A row read while locked but written after the unlock carries its old envelope: merge first.
    const merged = row.enc ? { ...secretsOf(crypto, table, row), ...secret } : secret;
    rest.enc = encryptField(keys.dataKey, JSON.stringify(merged), context);
    // What was just written is read back soon (purge, re-apply, the screen): no decrypt needed.
    remember(crypto, rest.enc, merged);
    delete rest.encPatches;
  } else {
    const sealed = sealWhileLocked(crypto, JSON.stringify(secret), context);
    if (row.enc) rest.encPatches = [...(row.encPatches ?? []), sealed];
    else rest.enc = sealed;
    crypto.sealedWhileLocked = true;
  }
  markNamed(table, rest, secret);
  if (table === 'outbox' && 'args' in secret && !row.sealedArgs && crypto.serverPublicKey && crypto.sodium) {
    // Pushing needs no device key: the server opens this copy (docs/security.md).
    rest.sealedArgs = sealToPublicKey(crypto.sodium, crypto.serverPublicKey, JSON.stringify(secret.args ?? null));
  }
  return rest;
}
