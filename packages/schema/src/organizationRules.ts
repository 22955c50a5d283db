import { manvLeadRoles } from './manv';
import type { OrganizationRole } from './organizations';
import { serviceManagerRoles } from './serviceRules';
import { templateManagerRoles } from './treatmentTemplates';

/**
 * Who may do what in an organisation (docs/spec/accounts.md §6), in one table. The server's
 * commands ask here before they act (apps/sync-server/src/domain/organizations/policy.ts); the
 * screens ask the same table which buttons to offer (apps/pwa/src/features/organizations/permissions.ts).
 */
export const organizationRules = {
  invite: ['owner', 'admin'],
  removeMember: ['owner', 'admin'],
  manageMaterials: ['owner'],
  viewAccessLogs: ['owner'],
  openArchive: ['owner'],
  rotateKey: ['owner'],
  cancelKeyRecovery: ['owner', 'admin'],
  approveKeyRecovery: ['admin'],
  manageServices: serviceManagerRoles,
  manageTemplates: templateManagerRoles,
  viewStatistics: ['owner', 'admin'],
  leadManv: manvLeadRoles,
  setLockTime: ['owner'],
  reportLostDevice: ['owner', 'admin'],
  setRetention: ['owner'],
  // The record of processing activities (Art. 30 GDPR) for the organisation's DPO.
  viewProcessingRecord: ['owner', 'admin'],
} as const satisfies Record<string, readonly OrganizationRole[]>;

export type OrganizationAction = keyof typeof organizationRules;

export function isAllowed(role: OrganizationRole, action: OrganizationAction): boolean {
  return (organizationRules[action] as readonly OrganizationRole[]).includes(role);
}
