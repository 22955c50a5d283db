import type { RetentionDeletionItem } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { authorize } from '../organizations/policy';

/** The retention job's deletion records (./records.ts), newest first: what went when, no patient data. */
export async function listRetentionDeletions(ctx: QueryContext, organizationId: unknown, limit = 500): Promise<RetentionDeletionItem[]> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'viewProcessingRecord', false);
  return ctx.db
    .selectFrom('retentionDeletions as r')
    .leftJoin('services as s', 's.id', 'r.serviceId')
    .select(['r.id', 'r.serviceId', 's.name as serviceName', 'r.deletedAt', 'r.closedFrom', 'r.closedUntil', 'r.protocolCount', 'r.minorTreatmentCount', 'r.retentionYears'])
    .where('r.organizationId', '=', organization.id)
    .orderBy('r.deletedAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
