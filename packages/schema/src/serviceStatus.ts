/**
 * Service status (docs/spec/services.md §4), one pure function for server and PWA: a stored final status
 * (ended, archived, completed) wins; otherwise the time decides.
 */
export type ServiceDisplayStatus = 'upcoming' | 'active' | 'ended' | 'archived' | 'completed' | 'unknown';

export interface ServiceTimes {
  status: string;
  startDate: string;
  endDate: string;
}

export function serviceStatus(service: ServiceTimes, now: Date = new Date()): ServiceDisplayStatus {
  if (service.status === 'archived' || service.status === 'ended' || service.status === 'completed') return service.status;
  if (service.status !== 'active') return 'unknown';
  const start = Date.parse(service.startDate);
  const end = Date.parse(service.endDate);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'unknown';
  const t = now.getTime();
  if (t < start) return 'upcoming';
  if (t <= end) return 'active';
  return 'ended';
}

export const serviceStatusLabels: Record<ServiceDisplayStatus, string> = {
  active: 'Aktiv',
  upcoming: 'Geplant',
  ended: 'Beendet',
  archived: 'Archiviert',
  completed: 'Abgeschlossen',
  unknown: 'Status unbekannt',
};

export const blockedLabel = 'Gesperrt';

/** Only a service that is over may be archived (docs/spec/services.md §2). */
export const canArchive = (service: ServiceTimes, now?: Date) => serviceStatus(service, now) === 'ended';
