import type { MemberListItem, OrganizationListItem } from '@sanidok/schema';
import { compiledSelect } from '../../db/compiledSelect';
import type { QueryContext } from '../context';
import { pendingKeyRecoveries } from './keyRecoveries';
import { requireMembership } from './policy';

// Built and compiled once: every sync pull (every 5 s per device) starts with this list.
const myOrganizations = compiledSelect((db, p: { userId: number }) =>
  db
    .selectFrom('organizationMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organizationId')
    .select((eb) => [
      'o.id', 'o.name', 'o.description', 'o.createdAt', 'o.isBlocked', 'o.sealingPublicKey', 'o.signingPublicKey', 'o.keyFingerprint', 'o.keyUnconfirmedSince', 'o.lockAfterMinutes', 'o.retentionYears',
      'm.role', 'm.createdAt as memberSince',
      eb.selectFrom('organizationMembers as c').select((c) => c.fn.countAll<number>().as('n')).whereRef('c.organizationId', '=', 'o.id').as('memberCount'),
    ])
    .where('m.userId', '=', p.userId)
    .orderBy('o.name'));

/**
 * My organisations with my role; public keys included so that devices can seal offline, with the
 * key's state (a recovery pending or not yet confirmed, domain/archive/keyRecovery.ts).
 */
export async function listMyOrganizations(ctx: QueryContext): Promise<OrganizationListItem[]> {
  const { db, user } = ctx;
  const rows = await myOrganizations(db, { userId: user.id });
  const recoveries = await pendingKeyRecoveries(db, rows.map((r) => r.id));
  return rows.map(({ keyUnconfirmedSince, ...r }) => ({
    ...r,
    isBlocked: r.isBlocked === 1,
    memberCount: Number(r.memberCount),
    keyConfirmed: keyUnconfirmedSince === null,
    keyRecovery: recoveries.get(r.id) ?? null,
  }));
}

export async function getMyOrganization(ctx: QueryContext, organizationId: number): Promise<OrganizationListItem | undefined> {
  return (await listMyOrganizations(ctx)).find((o) => o.id === organizationId);
}

export async function listMembers(ctx: QueryContext, organizationId: unknown): Promise<MemberListItem[]> {
  const { db, user } = ctx;
  const { organization } = await requireMembership(db, organizationId, user);
  const rows = await db
    .selectFrom('organizationMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.id', 'm.role', 'm.createdAt', 'u.id as userId', 'u.username', 'u.fullName'])
    .where('m.organizationId', '=', organization.id)
    .orderBy('m.createdAt')
    .execute();
  return rows.map((r) => ({ id: r.id, role: r.role, memberSince: r.createdAt, user: { id: r.userId, username: r.username, fullName: r.fullName } }));
}
