import type { SyncEntity } from '@sanidok/schema';
import { syncChangeReply } from '@sanidok/schema';
import type { z } from 'zod';
import type { DialectName } from '../../db/dialect';

/**
 * A pulled change whose JSON the database wrote (./preparedSources.ts): the pull reply concatenates
 * it as it is. `version` orders it among the other changes of the page.
 */
export interface PreparedChange {
  version: number;
  json: string;
}

/** SQL for one reply field; `bool` marks a condition that goes out as `true`/`false`. */
export type FieldSql = string | { bool: string };

const upsertMembers = new Map<string, z.ZodObject>();
for (const member of syncChangeReply.options) {
  const { entity, op } = member.shape;
  if (op.value === 'upsert' && entity.def.type === 'literal') upsertMembers.set(String(entity.def.values[0]), member);
}

function valueSql(dialect: DialectName, field: FieldSql): string {
  if (typeof field === 'string') return field;
  // SQLite has no boolean: json('true') is a JSON value, not the text "true".
  return dialect === 'postgres' ? `(${field.bool})` : `json(case when ${field.bool} then 'true' else 'false' end)`;
}

function objectSql(dialect: DialectName, keys: readonly string[], fields: Readonly<Record<string, FieldSql>>, what: string): string {
  const named = Object.keys(fields).filter((key) => !keys.includes(key));
  if (named.length > 0) throw new Error(`${what}: ${named.join(', ')} fehlt im Antwortschema`);
  const pairs = keys.map((key) => {
    const field = fields[key];
    if (field === undefined) throw new Error(`${what}: kein SQL für ${key}`);
    return `'${key}', ${valueSql(dialect, field)}`;
  });
  return `${dialect === 'postgres' ? 'json_build_object' : 'json_object'}(${pairs.join(', ')})`;
}

/**
 * The SQL expression that writes an upsert change of `entity` as JSON text. Its keys are the reply
 * schema's own (the change's member of `syncChangeReply` and its `data` object), in the schema's
 * order; a key the schema does not name, or one of its keys without SQL, fails at startup. So the
 * rule "replies go through their schema" holds for these rows too: the database can only write the
 * fields the schema names (test/routes/api/syncPreparedChanges.test.ts checks the values against
 * the REST replies, which go through the zod serializer).
 */
export function upsertJsonSql(dialect: DialectName, entity: SyncEntity, head: { id: string; organizationId: string; version: string }, data: Readonly<Record<string, FieldSql>>): string {
  const member = upsertMembers.get(entity);
  if (!member) throw new Error(`Keine Antwortform für ${entity}`);
  const dataSchema = member.shape.data as z.ZodObject;
  const dataSql = objectSql(dialect, Object.keys(dataSchema.shape), data, entity);
  const change = objectSql(dialect, Object.keys(member.shape), { entity: `'${entity}'`, op: "'upsert'", ...head, data: dataSql }, entity);
  // pg would parse a json column into an object; the reply wants the text.
  return dialect === 'postgres' ? `${change}::text` : change;
}
