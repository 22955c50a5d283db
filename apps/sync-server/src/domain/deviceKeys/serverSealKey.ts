import { decryptAtRest, encryptAtRest } from '@sanidok/crypto';
import { fromBase64Url, loadSodium, openSealedBox, toBase64Url } from '@sanidok/crypto/device';
import type { Db } from '../../db/connection';
import { nowIso } from '../time';

/**
 * The server's sealing key pair for devices' outbox args (docs/security.md "Encryption
 * on the device"): made once, on the first request for it; its secret stored encrypted under
 * DATA_KEY, so a copy of the database alone opens nothing. Plain Kysely (SQLite and PostgreSQL).
 */
const keyName = 'device_seal';
const context = 'server_keys:device_seal';

interface SealKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

// Decrypted pairs by their stored (encrypted) form: one AES open per key, not per push.
const opened = new Map<string, Promise<SealKeyPair>>();

/** The public key, base64url; the pair is made on the first call (concurrent first calls agree). */
export async function serverSealPublicKey(db: Db, dataKey: string): Promise<string> {
  const existing = await db.selectFrom('serverKeys').select('publicKey').where('name', '=', keyName).executeTakeFirst();
  if (existing) return existing.publicKey;
  const sodium = await loadSodium();
  const pair = sodium.crypto_box_keypair();
  await db
    .insertInto('serverKeys')
    .values({
      name: keyName,
      publicKey: toBase64Url(pair.publicKey),
      secretKey: await encryptAtRest(dataKey, toBase64Url(pair.privateKey), context),
      createdAt: nowIso(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  pair.privateKey.fill(0);
  // Another request may have won the insert: its key is the one.
  const stored = await db.selectFrom('serverKeys').select('publicKey').where('name', '=', keyName).executeTakeFirstOrThrow();
  return stored.publicKey;
}

async function keyPair(db: Db, dataKey: string): Promise<SealKeyPair | undefined> {
  const row = await db.selectFrom('serverKeys').select(['publicKey', 'secretKey']).where('name', '=', keyName).executeTakeFirst();
  if (!row) return undefined;
  let pair = opened.get(row.secretKey);
  if (!pair) {
    pair = decryptAtRest(dataKey, row.secretKey, context).then((secret) => {
      const publicKey = fromBase64Url(row.publicKey);
      const secretKey = fromBase64Url(secret);
      if (!publicKey || !secretKey) throw new Error('Server sealing key is malformed');
      return { publicKey, secretKey };
    });
    opened.set(row.secretKey, pair);
  }
  return pair;
}

/** A push batch's opener: loads the pair once; undefined when the server never made one. */
export async function sealedArgsOpener(db: Db, dataKey: string): Promise<((envelope: string) => unknown) | undefined> {
  const pair = await keyPair(db, dataKey);
  if (!pair) return undefined;
  const sodium = await loadSodium();
  return (envelope) => JSON.parse(openSealedBox(sodium, pair, envelope)) as unknown;
}
