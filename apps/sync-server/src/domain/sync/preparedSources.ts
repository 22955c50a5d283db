import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connection';
import type { DialectName } from '../../db/dialect';
import { dialectOf, placeholders } from '../../db/dialect';
import { mayViewAccessCode } from '../serviceTeams/policy';
import type { PullRange, PullReader } from './sources';
import type { PreparedChange } from './sqlJson';
import { upsertJsonSql } from './sqlJson';

/**
 * Sources whose change JSON the database writes: a page of them is a keyset read of one text
 * column per row, concatenated into the reply (docs/sync-protocol.md "Pull"). No row objects, no
 * key mapping, no schema walk per row: these are the rows a device pulls by the thousand (every
 * service and its team). Rows with patient data stay with ./sources.ts: they are decrypted here in
 * the server, never by the database. The same fields as `toService` and `toTeamMember` build for
 * the REST replies (test/routes/api/syncPreparedChanges.test.ts compares them).
 */
type Statement = (dialect: DialectName) => string;

const bool = (condition: string) => ({ bool: condition });

// The reader's own team row rides along: with the two answers of `mayViewAccessCode` bound as
// 1/0, the policy stays in serviceTeams/policy.ts and SQL only picks by the row.
const servicesSql: Statement = (dialect) => `select s.version as version, ${upsertJsonSql(dialect, 'service', { id: 's.id', organizationId: 's.organization_id', version: 's.version' }, {
  id: 's.id', name: 's.name', description: 's.description', location: 's.location', startDate: 's.start_date', endDate: 's.end_date',
  organizationId: 's.organization_id', organizationName: 'o.name', createdById: 's.created_by_id', createdByName: 'coalesce(u.full_name, u.username)',
  createdAt: 's.created_at', updatedAt: 's.updated_at', status: 's.status', isBlocked: bool('s.is_blocked = 1 or o.is_blocked = 1'),
  accessCode: 'case when (case when tm.user_id is null then cast(? as integer) else cast(? as integer) end) = 1 then s.access_code end', version: 's.version',
  needsReview: bool('s.needs_review = 1'),
})} as json
from services as s inner join organizations as o on o.id = s.organization_id left join users as u on u.id = s.created_by_id
left join service_team_members as tm on tm.service_id = s.id and tm.user_id = ?
where s.organization_id = ? and s.version > ? and s.version <= ? order by s.version limit ?`;

const teamMemberId = (dialect: DialectName) => (dialect === 'postgres' ? `t.service_id || ':' || t.user_id::text` : `t.service_id || ':' || t.user_id`);

// The id is packages/schema `serviceTeamMemberId`: `${serviceId}:${userId}`.
const teamMembersSql: Statement = (dialect) => `select t.version as version, ${upsertJsonSql(dialect, 'serviceTeamMember', { id: teamMemberId(dialect), organizationId: 't.organization_id', version: 't.version' }, {
  serviceId: 't.service_id', organizationId: 't.organization_id', userId: 't.user_id', username: 'u.username', fullName: 'u.full_name', addedAt: 't.added_at',
  addedById: 't.added_by', addedByName: 'coalesce(a.full_name, a.username)', method: 't.method',
})} as json
from service_team_members as t inner join users as u on u.id = t.user_id left join users as a on a.id = t.added_by
where t.organization_id = ? and t.version > ? and t.version <= ? order by t.version limit ?`;

function compiled(statement: Statement): (db: Db) => string {
  const byDialect = new Map<DialectName, string>();
  return (db) => {
    const dialect = dialectOf(db);
    let text = byDialect.get(dialect);
    if (text === undefined) {
      text = dialect === 'postgres' ? placeholders(statement(dialect)) : statement(dialect);
      byDialect.set(dialect, text);
    }
    return text;
  };
}

const servicesText = compiled(servicesSql);
const teamMembersText = compiled(teamMembersSql);

async function prepared(db: Db, text: string, parameters: unknown[]): Promise<PreparedChange[]> {
  const { rows } = await db.executeQuery<{ version: number; json: string }>(CompiledQuery.raw(text, parameters));
  return rows.map((row) => ({ version: row.version, json: row.json }));
}

export interface PreparedSource {
  /** Its table (SQL name), indexed on (organization_id, version). */
  table: string;
  read: (db: Db, organizationId: number, range: PullRange, reader: PullReader) => Promise<PreparedChange[]>;
}

export const preparedSources: readonly PreparedSource[] = [
  {
    table: 'services',
    read: (db, organizationId, { from, upTo, limit }, reader) => prepared(db, servicesText(db), [
      mayViewAccessCode(reader.role, false) ? 1 : 0, mayViewAccessCode(reader.role, true) ? 1 : 0, reader.userId, organizationId, from, upTo, limit,
    ]),
  },
  {
    table: 'service_team_members',
    read: (db, organizationId, { from, upTo, limit }) => prepared(db, teamMembersText(db), [organizationId, from, upTo, limit]),
  },
];
