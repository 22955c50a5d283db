import type { FieldRevision } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { QueryContext } from '../context';
import { mayViewAccessCode } from '../serviceTeams/policy';
import { isOnTeam } from '../serviceTeams/queries';
import { requireServiceAccess } from '../services/access';

type Entity = FieldRevision['entity'];

async function revisionsOf(db: Db, entities: readonly Entity[], entityId: string) {
  const rows = await db
    .selectFrom('fieldRevisions as r')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .select(['r.entity', 'r.field', 'r.replacedValue', 'r.newValue', 'r.createdAt', 'u.fullName', 'u.username'])
    .where('r.entity', 'in', entities)
    .where('r.entityId', '=', entityId)
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(
    (row): FieldRevision => ({
      entity: row.entity as Entity, field: row.field, replacedValue: row.replacedValue, newValue: row.newValue, changedAt: row.createdAt,
      changedBy: row.fullName ?? row.username ?? null,
    }),
  );
}

/**
 * The values replaced by concurrent edits of a service, newest first; every member may read them,
 * as the service itself — but a replaced or kept access code only those who may see the code
 * (owner, admins, the team), as in the service itself (docs/decisions.md "The access code stays with the team").
 */
export async function listServiceRevisions(ctx: QueryContext, serviceId: unknown): Promise<FieldRevision[]> {
  const { db, user } = ctx;
  const { service, role } = await requireServiceAccess(db, serviceId, user);
  const rows = await revisionsOf(db, ['service'], service.id);
  if (mayViewAccessCode(role, await isOnTeam(db, service.id, user.id))) return rows;
  return rows.filter((row) => row.field !== 'accessCode');
}
