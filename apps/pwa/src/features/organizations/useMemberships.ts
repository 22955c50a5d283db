export type MembershipRole = 'owner' | 'admin' | 'member';

export interface Membership {
  organizationId: string;
  organizationName: string;
  role: MembershipRole;
  /** ISO timestamp of joining. */
  memberSince: string;
}

/**
 * The signed-in user's organisation memberships for the profile page. Empty until the
 * organisations feature provides them from local data.
 */
export function useMemberships(): readonly Membership[] {
  return noMemberships;
}

const noMemberships: readonly Membership[] = [];
