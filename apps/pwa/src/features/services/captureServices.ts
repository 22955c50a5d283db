import type { Service } from '@sanidok/schema';
import { serviceStatus } from '@sanidok/schema';
import { useOrganizations, useServices } from '../../data/hooks';

// The service of the last save, offered first next time: a medic at a post records dozens of
// treatments for the same service; the choice stays visible and changeable in the dialog.
let lastServiceId: string | null = null;

export function rememberCaptureService(id: string): void {
  lastServiceId = id;
}

export function lastCaptureService(): string | null {
  return lastServiceId;
}

/**
 * Whether the device may record on a service: the server refuses blocked (423) and archived
 * (409) services; planned and ended ones are accepted (late documentation happens).
 */
export function canCapture(service: Service, organizationBlocked: boolean): boolean {
  return !organizationBlocked && !service.isBlocked && service.status !== 'archived';
}

/**
 * The services offered in the capture dialog's select (docs/spec/services.md §7: the active services feed the
 * pickers): running now, of my organisations, neither blocked nor archived. undefined = loading.
 */
export function useCaptureServices(now: Date = new Date()): Service[] | undefined {
  const services = useServices();
  const organizations = useOrganizations();
  if (!services || !organizations) return undefined;
  const blocked = new Set(organizations.filter((o) => o.isBlocked).map((o) => o.id));
  return services
    .filter((s) => serviceStatus(s, now) === 'active' && canCapture(s, blocked.has(s.organizationId)))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** Whether the given service is writable on this device, with its organisation's block state. */
export function useCanCapture(service: Service): boolean {
  const organizations = useOrganizations();
  const organization = organizations?.find((o) => o.id === service.organizationId);
  return canCapture(service, organization?.isBlocked ?? false);
}
