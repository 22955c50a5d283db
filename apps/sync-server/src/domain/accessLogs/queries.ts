import type { AccessLogAction, AccessLogItem } from '@sanidok/schema';
import { accessLogActions, accessLogRetentionDays, maskIpAddress } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { QueryContext } from '../context';
import { authorize } from '../organizations/policy';
import { addMs, days, nowIso } from '../time';

const toAction = (value: string): AccessLogAction => ((accessLogActions as readonly string[]).includes(value) ? (value as AccessLogAction) : 'other');

/** Owner only, newest first; addresses leave the server already masked (data minimisation). */
export async function listAccessLogs(ctx: QueryContext, organizationId: unknown, limit = 500): Promise<AccessLogItem[]> {
  const { db, user } = ctx;
  const { organization } = await authorize(db, organizationId, user, 'viewAccessLogs', false);
  const rows = await db
    .selectFrom('accessLogs as a')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .select(['a.id', 'a.actionType', 'a.patientProtocolId', 'a.serviceId', 'a.timestamp', 'a.ipAddress', 'a.details', 'u.username', 'u.fullName'])
    .where('a.organizationId', '=', organization.id)
    .orderBy('a.timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actionType: toAction(r.actionType),
    patientProtocolId: r.patientProtocolId,
    serviceId: r.serviceId,
    timestamp: r.timestamp,
    ipAddress: r.ipAddress ? maskIpAddress(r.ipAddress) : null,
    details: r.details,
    user: { username: r.username, fullName: r.fullName },
  }));
}

/** The legal texts promise at most 90 days; run daily. */
export async function purgeOldAccessLogs(db: Db): Promise<number> {
  const cutoff = addMs(nowIso(), -days(accessLogRetentionDays));
  const result = await db.deleteFrom('accessLogs').where('timestamp', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
