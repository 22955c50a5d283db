import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connection';
import { isPostgres, placeholders } from '../../db/dialect';

/**
 * The versions one pull page of an organisation covers: `(from, upTo]`, and whether more follow.
 * Null when nothing changed after `from`.
 */
export interface VersionWindow {
  upTo: number;
  hasMore: boolean;
}

// Each table's `limit + 1` lowest versions after `from` (an index-only range scan of its
// (organization_id, version) index), merged: the page ends at the `limit`-th of them. Every source
// then reads exactly its rows up to there. Before, every source read `limit + 1` whole rows (joins,
// mapping) and the merge threw away all but `limit`: a page of services and their team rows read
// twice the rows it sent. Counted over the unfiltered rows: a source that filters further (open
// protocols, the reader's patient-data scope) may leave the page shorter, never skip a row.
function windowSql(tables: readonly string[]): string {
  const perTable = tables.map((table, i) => `select version from (select version from ${table} where organization_id = ? and version > ? order by version limit ?) as t${i}`);
  return `select version from (${perTable.join(' union all ')}) as v order by version limit ?`;
}

const compiled = new Map<string, string>();

/** The window of the next page of `limit` changes after `from` over `tables`, each indexed on (organization_id, version). */
export async function versionWindow(db: Db, tables: readonly string[], organizationId: number, from: number, limit: number): Promise<VersionWindow | null> {
  const postgres = isPostgres(db);
  const key = `${postgres ? 'pg' : 'sqlite'}:${tables.join(',')}`;
  let text = compiled.get(key);
  if (text === undefined) {
    text = windowSql(tables);
    if (postgres) text = placeholders(text);
    compiled.set(key, text);
  }
  const parameters = [...tables.flatMap(() => [organizationId, from, limit + 1]), limit + 1];
  const { rows } = await db.executeQuery<{ version: number | string }>(CompiledQuery.raw(text, parameters));
  if (rows.length === 0) return null;
  const hasMore = rows.length > limit;
  // pg hands 64-bit integers over as strings unless parsed (db/postgres.ts parses them): Number() either way.
  return { upTo: Number((hasMore ? rows[limit - 1] : rows.at(-1))?.version), hasMore };
}
