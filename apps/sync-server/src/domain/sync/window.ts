import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connection';
import { isPostgres, placeholders } from '../../db/dialect';

/**
 * The versions one pull page of an organisation covers: `(from, upTo]`, whether more follow, and
 * the tables that have rows in it (the only sources the page reads).
 */
export interface VersionWindow {
  upTo: number;
  hasMore: boolean;
  tables: ReadonlySet<string>;
}

const compiled = new Map<string, string>();

function statement(db: Db, key: string, build: () => string): string {
  const postgres = isPostgres(db);
  const cacheKey = `${postgres ? 'pg' : 'sqlite'}:${key}`;
  let text = compiled.get(cacheKey);
  if (text === undefined) {
    text = postgres ? placeholders(build()) : build();
    compiled.set(cacheKey, text);
  }
  return text;
}

// One index probe per table: which have a row of the organisation after `from`. A device pulls
// every 5 s and mostly finds nothing; then this is the pull's only read of the sync tables.
// `case … then 1`: a number on both databases (PostgreSQL would return `exists` as a boolean).
const probeSql = (tables: readonly string[]) =>
  `select ${tables.map((table, i) => `case when exists (select 1 from ${table} where organization_id = ? and version > ?) then 1 else 0 end as c${i}`).join(', ')}`;

// The changed tables' versions after `from`, merged in order through their (organization_id,
// version) indexes; the `limit`-th is where the page ends. Every source then reads exactly its
// rows up to there. Before, every source read `limit + 1` whole rows (joins, mapping) and the merge
// threw away all but `limit`: a page of services and their team rows read twice the rows it sent.
// Counted over the unfiltered rows: a source that filters further (open protocols, the reader's
// patient-data scope) may leave the page shorter, never skip a row.
const mergeSql = (tables: readonly string[]) =>
  `${tables.map((table) => `select version from ${table} where organization_id = ? and version > ?`).join(' union all ')} order by version limit ?`;

/** The window of the next page of `limit` changes after `from` over `tables` (each indexed on (organization_id, version)); null when none changed. */
export async function versionWindow(db: Db, tables: readonly string[], organizationId: number, from: number, limit: number): Promise<VersionWindow | null> {
  const probe = statement(db, `probe:${tables.join(',')}`, () => probeSql(tables));
  const [flags] = (await db.executeQuery<Record<string, number>>(CompiledQuery.raw(probe, tables.flatMap(() => [organizationId, from])))).rows;
  const changed = tables.filter((_, i) => flags?.[`c${i}`] === 1);
  if (changed.length === 0) return null;
  const merge = statement(db, `merge:${changed.join(',')}`, () => mergeSql(changed));
  const { rows } = await db.executeQuery<{ version: number }>(CompiledQuery.raw(merge, [...changed.flatMap(() => [organizationId, from]), limit + 1]));
  const hasMore = rows.length > limit;
  const last = hasMore ? rows[limit - 1] : rows.at(-1);
  // Rows that vanished between the two statements (SQLite runs them apart): nothing to read.
  if (!last) return null;
  return { upTo: last.version, hasMore, tables: new Set(changed) };
}
