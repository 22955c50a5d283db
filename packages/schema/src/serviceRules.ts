import type { OrganizationRole } from './organizations';
import type { ServiceTimes } from './serviceStatus';
import { serviceMessages } from './services';
import { canArchive } from './serviceStatus';

/**
 * The rules a service change must pass, beyond its fields. One implementation,
 * read by the server's commands (apps/sync-server/src/domain/services/commands.ts) and by the
 * device's repository (apps/pwa/src/data/repositories/services.ts) before it queues the write, so
 * nothing the server will refuse looks done on the device and comes back at the next sync.
 */

export const serviceRuleMessages = {
  notAllowed: 'Nur der Inhaber oder ein Administrator darf Sanitätsdienste anlegen, ändern, archivieren oder löschen.',
  alreadyArchived: 'Dieser Sanitätsdienst ist bereits archiviert.',
  archiveOnlyEnded: 'Nur beendete Sanitätsdienste können archiviert werden.',
  hasProtocols: 'Dieser Sanitätsdienst enthält Patientenprotokolle und kann nicht gelöscht werden. Bitte archivieren Sie ihn nach dem Ende.',
  endBeforeStart: serviceMessages.endAfterStartEdit,
} as const;

export type ServiceRefusal = keyof typeof serviceRuleMessages;

/** Who plans services: the server's policy (organizationRules.manageServices) and the device read this. */
export const serviceManagerRoles = ['owner', 'admin'] as const satisfies readonly OrganizationRole[];
export const mayManageServices = (role: OrganizationRole | undefined): boolean =>
  role !== undefined && (serviceManagerRoles as readonly OrganizationRole[]).includes(role);

/** Completing or archiving: an archived service stays archived; only an ended one may be archived. */
export function statusChangeRefusal(service: ServiceTimes, target: 'archived' | 'completed', now?: Date): ServiceRefusal | null {
  if (service.status === 'archived') return 'alreadyArchived';
  if (target === 'archived' && !canArchive(service, now)) return 'archiveOnlyEnded';
  return null;
}

/** Patient documentation must be kept: a service with protocols cannot be deleted (docs/decisions.md "Services"). */
export const deletionRefusal = (hasProtocols: boolean): ServiceRefusal | null => (hasProtocols ? 'hasProtocols' : null);

/** An edit may move one end of the period: the stored other end still counts. */
export function periodRefusal(stored: Pick<ServiceTimes, 'startDate' | 'endDate'>, changes: { startDate?: string; endDate?: string }): ServiceRefusal | null {
  const start = changes.startDate ?? stored.startDate;
  const end = changes.endDate ?? stored.endDate;
  return Date.parse(end) < Date.parse(start) ? 'endBeforeStart' : null;
}
