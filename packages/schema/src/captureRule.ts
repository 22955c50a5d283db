/**
 * Whether a service takes writes and new documentation: one rule, asked by the server's commands
 * (apps/sync-server/src/domain/services/access.ts, organizations/policy.ts) and by the device
 * before it queues a write (apps/pwa/src/data/repositories/services.ts) or offers a service for
 * capture (apps/pwa/src/features/services/captureServices.ts), so the device never shows as done
 * what the server refuses at the next sync. Planned and ended services take documentation (late
 * documentation happens); an archived one takes none, but a discharge may still seal there.
 */
export const captureRefusalMessages = {
  organizationBlocked: 'Diese Organisation ist gesperrt. Änderungen sind nicht möglich.',
  serviceBlocked: 'Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.',
  serviceArchived: 'Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.',
} as const;

export type CaptureRefusal = keyof typeof captureRefusalMessages;

/** The server stores flags as 0/1, the device as booleans. */
type Flag = boolean | number;

/** Any write to the service: refused while its organisation or the service itself is blocked (423). */
export function serviceWriteRefusal(organization: { isBlocked: Flag }, service: { isBlocked: Flag }): Exclude<CaptureRefusal, 'serviceArchived'> | null {
  if (organization.isBlocked) return 'organizationBlocked';
  if (service.isBlocked) return 'serviceBlocked';
  return null;
}

/** New documentation on the service: as any write, and not archived (409). */
export function captureRefusal(organization: { isBlocked: Flag }, service: { isBlocked: Flag; status: string }): CaptureRefusal | null {
  return serviceWriteRefusal(organization, service) ?? (service.status === 'archived' ? 'serviceArchived' : null);
}
