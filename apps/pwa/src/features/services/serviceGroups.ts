import type { OrganizationListItem, Service, ServiceDisplayStatus } from '@sanidok/schema';
import { mayManageServices, serviceStatus } from '@sanidok/schema';

/** The three tabs of /services (docs/spec/services.md §2); also the `?tab=` values of the list. */
export const serviceTabs = ['active', 'planned', 'ended'] as const;
export type ServiceTab = (typeof serviceTabs)[number];

export const isServiceTab = (value: string | null): value is ServiceTab => serviceTabs.some((t) => t === value);

/**
 * Tab of a display status. Archived and completed services are over as well; a service whose
 * status cannot be read ('Status unbekannt') is listed with the ended ones, so it never vanishes.
 */
export function tabOf(status: ServiceDisplayStatus): ServiceTab {
  if (status === 'active') return 'active';
  if (status === 'upcoming') return 'planned';
  return 'ended';
}

export interface ServiceRow {
  service: Service;
  status: ServiceDisplayStatus;
  /** The service or its organisation is blocked: read-only (docs/spec/services.md §4). */
  locked: boolean;
  /** The signed-in user is owner or admin of the service's organisation. */
  canManage: boolean;
}

export type GroupedServices = Record<ServiceTab, ServiceRow[]>;

/** The shared planning rule (packages/schema serviceRules.ts). */
export const canManageServices = mayManageServices;

/** Organisations in which the user may create services: owner or admin, not blocked. */
export function creatableOrganizations(organizations: readonly OrganizationListItem[]): OrganizationListItem[] {
  return organizations.filter((o) => canManageServices(o.role) && !o.isBlocked);
}

export function toServiceRow(service: Service, organization: OrganizationListItem | undefined, now: Date): ServiceRow {
  return {
    service,
    status: serviceStatus(service, now),
    locked: service.isBlocked || (organization?.isBlocked ?? false),
    canManage: canManageServices(organization?.role),
  };
}

const startOf = (row: ServiceRow) => Date.parse(row.service.startDate) || 0;
const endOf = (row: ServiceRow) => Date.parse(row.service.endDate) || 0;

/**
 * Groups all services by tab in one pass, at `now`: running ones ending soonest first, planned
 * ones starting soonest first, ended ones most recent first. O(n log n) for the 2,000 services of
 * a busy season, no query per row.
 */
export function groupServices(services: readonly Service[], organizations: readonly OrganizationListItem[], now: Date): GroupedServices {
  const byId = new Map(organizations.map((o) => [o.id, o]));
  const groups: GroupedServices = { active: [], planned: [], ended: [] };
  for (const service of services) {
    const row = toServiceRow(service, byId.get(service.organizationId), now);
    groups[tabOf(row.status)].push(row);
  }
  groups.active.sort((a, b) => endOf(a) - endOf(b));
  groups.planned.sort((a, b) => startOf(a) - startOf(b));
  groups.ended.sort((a, b) => endOf(b) - endOf(a));
  return groups;
}
