import type { Service } from '@sanidok/schema';
import { captureRefusal, serviceStatus } from '@sanidok/schema';
import { useOrganizations, useServices } from '../../data/hooks';
import { useMyTeamServiceIds, useTeamStanding } from '../../data/teamHooks';

// The service of the last save, offered first next time: a medic at a post records dozens of
// treatments for the same service; the choice stays visible and changeable in the dialog.
let lastServiceId: string | null = null;

export function rememberCaptureService(id: string): void {
  lastServiceId = id;
}

export function lastCaptureService(): string | null {
  return lastServiceId;
}

/** Whether the device may record on a service (packages/schema captureRule.ts, the server's rule). */
export function canCapture(service: Service, organizationBlocked: boolean): boolean {
  return captureRefusal({ isBlocked: organizationBlocked }, service) === null;
}

/**
 * The services offered in the capture dialog's select (docs/spec/services.md §7: the active services feed the
 * pickers): running now, of my organisations, neither blocked nor archived. undefined = loading.
 * `teamOnly` (patient data: treatments, protocols): only services whose team I am on,
 * all of them while the device has not pulled teams yet (data/repositories/serviceTeams.ts).
 */
export function useCaptureServices(now: Date = new Date(), options: { teamOnly: boolean } = { teamOnly: true }): Service[] | undefined {
  const services = useServices();
  const organizations = useOrganizations();
  const mine = useMyTeamServiceIds();
  if (!services || !organizations || mine === undefined) return undefined;
  const blocked = new Set(organizations.filter((o) => o.isBlocked).map((o) => o.id));
  const onTeam = (s: Service) => !options.teamOnly || mine === 'unknown' || mine.has(s.id);
  return services
    .filter((s) => serviceStatus(s, now) === 'active' && canCapture(s, blocked.has(s.organizationId)) && onTeam(s))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** Whether the given service is writable on this device, with its organisation's block state. */
export function useCanCapture(service: Service): boolean {
  const organizations = useOrganizations();
  const organization = organizations?.find((o) => o.id === service.organizationId);
  return canCapture(service, organization?.isBlocked ?? false);
}

/**
 * Whether the device may capture patient data (treatments, protocols) on the service: 'notOnTeam'
 * when the user is not on its team (the screens offer joining with the code instead), 'readOnly'
 * when the service takes no entries. undefined while loading.
 */
export function usePatientCapture(service: Service): 'write' | 'readOnly' | 'notOnTeam' | undefined {
  const writable = useCanCapture(service);
  const standing = useTeamStanding(service.id);
  if (standing === undefined) return undefined;
  if (!writable) return 'readOnly';
  return standing === 'notMember' ? 'notOnTeam' : 'write';
}
