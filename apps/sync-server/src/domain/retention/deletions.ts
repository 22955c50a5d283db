import type { RetentionDeletionItem } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { authorize } from '../organizations/policy';

/** The retention job's deletion records (./records.ts), newest first: what went when, no patient data. */
export async function listRetentionDeletions(ctx: QueryContext, organizationId: unknown, limit = 500): Promise<RetentionDeletionItem[]> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'viewProcessingRecord', false);
  return ctx.db
    .selectFrom('retentionDeletions')
    .select(['id', 'serviceId', 'deletedAt', 'closedFrom', 'closedUntil', 'protocolCount', 'minorTreatmentCount', 'retentionYears'])
    .where('organizationId', '=', organization.id)
    .orderBy('deletedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
