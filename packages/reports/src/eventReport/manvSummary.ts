import type { ManvIncident, ManvPatient, ManvTriage } from '@sanidok/schema';
import { countManv, manvCategories, manvCategoryLabel } from '@sanidok/schema';
import type { EventReportManv } from './summary';

type IncidentFields = Pick<ManvIncident, 'id' | 'name' | 'startedAt' | 'endedAt' | 'blueEnabled'>;
type PatientFields = Pick<ManvPatient, 'id' | 'incidentId' | 'tagNumber' | 'duplicateOf' | 'transport'>;
type TriageFields = Pick<ManvTriage, 'id' | 'incidentId' | 'patientId' | 'category' | 'phase' | 'triagedAt'>;

/**
 * The MANV part of the event report: per incident, patients, transports and the
 * current category counts — through the one counting rule of the board and the incident page
 * (packages/schema `countManv`). Takes no person data: tag numbers are counted, never printed.
 * Null when the service had no incident.
 */
export function manvReportSummary(incidents: readonly IncidentFields[], patients: readonly PatientFields[], triages: readonly TriageFields[]): EventReportManv | null {
  if (incidents.length === 0) return null;
  return {
    incidents: [...incidents]
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
      .map((incident) => {
        const counts = countManv(patients.filter((p) => p.incidentId === incident.id), triages.filter((t) => t.incidentId === incident.id));
        return {
          name: incident.name,
          startedAt: incident.startedAt,
          endedAt: incident.endedAt,
          patients: counts.patients,
          transported: counts.transported,
          byCategory: manvCategories
            .filter((c) => c !== 'sk4' || incident.blueEnabled || counts.byCategory.sk4.total > 0)
            .map((c) => ({ label: manvCategoryLabel(c), count: counts.byCategory[c].total })),
        };
      }),
  };
}
