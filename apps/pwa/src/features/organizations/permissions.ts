import type { MemberListItem, OrganizationRole } from '@sanidok/schema';

// The screen mirrors the server's policy (apps/sync-server/src/domain/organizations/policy.ts,
// docs/spec/accounts.md §6) only to decide which buttons to offer; the server decides.

export const canInvite = (role: OrganizationRole) => role === 'owner' || role === 'admin';
export const canManageMaterials = (role: OrganizationRole) => role === 'owner';
export const canViewAccessLogs = (role: OrganizationRole) => role === 'owner';
export { mayManageTemplates as canManageTemplates } from '@sanidok/schema';

/** Owner and admins remove anyone but the owner; nobody removes themselves this way. */
export function canRemove(myRole: OrganizationRole, member: MemberListItem, myUserId: number): boolean {
  return canInvite(myRole) && member.role !== 'owner' && member.user.id !== myUserId;
}

/** 'Austreten': every member but the owner may leave. */
export function canLeave(member: MemberListItem, myUserId: number): boolean {
  return member.user.id === myUserId && member.role !== 'owner';
}

export const memberName = (member: MemberListItem) => member.user.fullName?.trim() || member.user.username;

export const roleColor: Record<OrganizationRole, string> = { owner: 'sani', admin: 'blue', member: 'gray' };
/** Mirrors organizations/policy.ts `viewStatistics` on the server. */
export const canViewStatistics = canInvite;
