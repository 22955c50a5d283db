import type { PendingKeyRecovery } from '@sanidok/schema';
import type { Db } from '../../db/connection';

/**
 * The pending key recovery of each organisation (domain/archive/keyRecovery.ts starts them), for
 * the organisation list that every pull sends: every member's device shows it.
 */
export async function pendingKeyRecoveries(db: Db, organizationIds: readonly number[]): Promise<Map<number, PendingKeyRecovery>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('organizationKeyRecoveries as r')
    .leftJoin('users as u', 'u.id', 'r.requestedById')
    .select(['r.organizationId', 'r.keyFingerprint', 'r.requestedAt', 'r.effectiveAt', 'r.proof', 'u.username'])
    .where('r.status', '=', 'pending')
    .where('r.organizationId', 'in', organizationIds)
    .execute();
  return new Map(rows.map((r) => [r.organizationId, { keyFingerprint: r.keyFingerprint, requestedBy: r.username, requestedAt: r.requestedAt, effectiveAt: r.effectiveAt, approved: r.proof !== null }]));
}
