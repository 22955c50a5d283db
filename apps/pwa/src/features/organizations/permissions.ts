import type { MemberListItem, OrganizationRole } from '@sanidok/schema';
import { isAllowed } from '@sanidok/schema';

// Which buttons to offer, from the role table the server's commands ask too
// (packages/schema/src/organizationRules.ts); the server decides.

export const canInvite = (role: OrganizationRole) => isAllowed(role, 'invite');
export const canManageMaterials = (role: OrganizationRole) => isAllowed(role, 'manageMaterials');
export const canViewAccessLogs = (role: OrganizationRole) => isAllowed(role, 'viewAccessLogs');
export const canManageTemplates = (role: OrganizationRole) => isAllowed(role, 'manageTemplates');
export const canViewStatistics = (role: OrganizationRole) => isAllowed(role, 'viewStatistics');
export const canReportLostDevice = (role: OrganizationRole) => isAllowed(role, 'reportLostDevice');
export const canSetRetention = (role: OrganizationRole) => isAllowed(role, 'setRetention');
export const canViewProcessingRecord = (role: OrganizationRole) => isAllowed(role, 'viewProcessingRecord');

/** Owner and admins remove anyone but the owner; nobody removes themselves this way. */
export function canRemove(myRole: OrganizationRole, member: MemberListItem, myUserId: number): boolean {
  return isAllowed(myRole, 'removeMember') && member.role !== 'owner' && member.user.id !== myUserId;
}

/** 'Austreten': every member but the owner may leave. */
export function canLeave(member: MemberListItem, myUserId: number): boolean {
  return member.user.id === myUserId && member.role !== 'owner';
}

export const memberName = (member: MemberListItem) => member.user.fullName?.trim() || member.user.username;

export const roleColor: Record<OrganizationRole, string> = { owner: 'sani', admin: 'blue', member: 'gray' };
