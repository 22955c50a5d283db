import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isPostgres } from '../../src/db/dialect';

/**
 * What the database holds, as bytes to search for plaintext. SQLite: the file and its WAL (the
 * -shm file holds only an index of the WAL), so deleted rows count too: secure_delete and the
 * checkpoint after sealing must have overwritten them. PostgreSQL: every live row of every table
 * as text. Its files keep dead row versions until VACUUM reuses the space, and its WAL keeps
 * them for replication and point-in-time recovery; that is the operator's to protect
 * (docs/security.md, docs/deployment.md), so on PostgreSQL these checks cover what the database
 * answers, not its disk.
 */
export async function databaseFiles(app: FastifyInstance): Promise<{ path: string; bytes: Buffer }[]> {
  if (!isPostgres(app.db)) {
    const path = app.config.databasePath;
    return [path, `${path}-wal`].filter((p) => existsSync(p)).map((p) => ({ path: p, bytes: readFileSync(p) }));
  }
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(app.db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(app.db);
    parts.push(...rows.rows.map((r) => r.row));
  }
  return [{ path: 'PostgreSQL (Zeilen)', bytes: Buffer.from(parts.join('\n'), 'utf8') }];
}

/** `databaseFiles` as one UTF-8 text. */
export async function databaseText(app: FastifyInstance): Promise<string> {
  return (await databaseFiles(app)).map((f) => f.bytes.toString('utf8')).join('');
}

/** The application's tables (not the migration bookkeeping of either database). */
export async function tableNames(app: FastifyInstance): Promise<string[]> {
  const query = isPostgres(app.db)
    ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`;
  return (await query.execute(app.db)).rows.map((r) => r.name);
}

/**
 * A mark that changes when rows are added or removed: the count, and on SQLite the highest rowid
 * too (an insert and a delete in one request still show). PostgreSQL has no rowid; the count is
 * what both share.
 */
export async function tableMark(app: FastifyInstance, name: string): Promise<string> {
  const query = isPostgres(app.db)
    ? sql<{ n: number; m: null }>`select count(*) as n, null as m from ${sql.table(name)}`
    : sql<{ n: number; m: number | null }>`select count(*) as n, max(rowid) as m from ${sql.table(name)}`;
  const row = (await query.execute(app.db)).rows[0];
  return `${name}:${String(row?.n)}:${String(row?.m)}`;
}
