import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { registerHandle } from './batchConnection';
import type { Database } from './database';
import { openPostgres } from './postgres';
import { withStatementCache } from './statementCache';

export type Db = Kysely<Database>;

/**
 * Opens the SQLite file with the pragmas the product relies on: WAL for concurrent readers,
 * synchronous=FULL so that an acknowledged write survives a power cut, foreign keys for the
 * cascades, secure_delete so that deleted patient plaintext is overwritten on disk.
 */
export function openDatabase(databasePath: string): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(databasePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  registerHandle(db, sqlite);
  return { db, sqlite };
}

/**
 * The database the configuration names (docs/architecture.md, "Two databases"): PostgreSQL when
 * `postgresUrl` is set (DATABASE_URL=postgres://…), else the SQLite file.
 */
export function openConfiguredDatabase(config: { databasePath: string; postgresUrl?: string }): Db {
  if (config.postgresUrl) return openPostgres(config.postgresUrl).db;
  return openDatabase(config.databasePath).db;
}
