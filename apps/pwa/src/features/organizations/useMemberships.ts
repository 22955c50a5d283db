import type { OrganizationRole } from '@sanidok/schema';
import { useMemo } from 'react';
import { useOrganizations } from './queries';

export type MembershipRole = OrganizationRole;

export interface Membership {
  organizationId: number;
  organizationName: string;
  role: MembershipRole;
  /** ISO timestamp of joining. */
  memberSince: string;
}

/** The signed-in user's organisation memberships for the profile page (from GET /api/organizations). */
export function useMemberships(): readonly Membership[] {
  const { data } = useOrganizations({ poll: false });
  return useMemo(
    () =>
      (data ?? []).map((o) => ({
        organizationId: o.id,
        organizationName: o.name,
        role: o.role,
        memberSince: o.memberSince,
      })),
    [data],
  );
}
