import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie';
import type { DeviceCrypto } from './deviceCrypto';
import { openRow, sealRow } from './rowCipher';
import type { SecretTable } from './secretFields';
import { isSecretTable } from './secretFields';

/**
 * Dexie middleware that encrypts the secret fields (./secretFields.ts) on every write and decrypts
 * them on every read, below all of Dexie's own layers (level -2: hooks, live-query observation and
 * caches above it see the app's shape), so no repository, pull or purge handles ciphertext.
 */
export function encryptionMiddleware(crypto: DeviceCrypto): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'DeviceEncryption',
    level: -2,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return isSecretTable(name) ? encryptedTable(crypto, name, table) : table;
      },
    }),
  };
}

function encryptedTable(crypto: DeviceCrypto, name: SecretTable, table: DBCoreTable): DBCoreTable {
  const open = (value: unknown) => openRow(crypto, name, value);
  return {
    ...table,
    mutate: (req) => {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      return table.mutate({ ...req, values: req.values.map((value) => sealRow(crypto, name, value)) });
    },
    get: (req) => table.get(req).then(open),
    getMany: (req) => table.getMany(req).then((values) => values.map(open)),
    query: (req) => table.query(req).then((res) => (req.values ? { ...res, result: res.result.map(open) } : res)),
    openCursor: (req) => table.openCursor(req).then((cursor) => (cursor ? decryptingCursor(cursor, open) : cursor)),
  };
}

/**
 * The same cursor with a decrypting `value` (the pattern of Dexie's own virtual-index cursor).
 * `key` and `primaryKey` are delegated too: on a real IDBCursor they are prototype getters that
 * throw "Illegal invocation" when called on another object (fake-indexeddb does not check that).
 */
function decryptingCursor(cursor: DBCoreCursor, open: (value: unknown) => unknown): DBCoreCursor {
  return Object.create(cursor, {
    key: { get: (): unknown => cursor.key },
    primaryKey: { get: (): unknown => cursor.primaryKey },
    value: { get: () => open(cursor.value) },
  }) as DBCoreCursor;
}
