import type { ManvCounts } from '@sanidok/schema';
import { countManv } from '@sanidok/schema';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalManvIncident, LocalManvPatient, LocalManvTriage } from './db';
import { useDatabase } from './hooks';
import { findManvTag } from './repositories/manv';

/** MANV reads for the screens: live queries on the device's tables. undefined = loading. */

export function useManvIncidents(serviceId: string | undefined): LocalManvIncident[] | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !serviceId) return [];
    const rows = await db.manvIncidents.where('serviceId').equals(serviceId).toArray();
    return rows.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }, [db, serviceId]);
}

export interface ManvIncidentData {
  patients: LocalManvPatient[];
  triages: LocalManvTriage[];
}

/** Every tag and triage event of one incident. */
export function useManvIncidentData(incidentId: string | undefined): ManvIncidentData | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db || !incidentId) return { patients: [], triages: [] };
    const [patients, triages] = await Promise.all([
      db.manvPatients.where('incidentId').equals(incidentId).toArray(),
      db.manvTriages.where('incidentId').equals(incidentId).toArray(),
    ]);
    return { patients, triages };
  }, [db, incidentId]);
}

/** Counts per category and phase (the shared rule, packages/schema/src/manvCounts.ts). */
export function useManvCounts(incidentId: string | undefined): ManvCounts | undefined {
  const data = useManvIncidentData(incidentId);
  return data && countManv(data.patients, data.triages);
}

/** The tag this device holds under a typed or scanned number (capture turns it into a further triage). */
export function useManvTag(incidentId: string, tagNumber: string): LocalManvPatient | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db && tagNumber.trim() ? ((await findManvTag(db, incidentId, tagNumber)) ?? null) : null), [db, incidentId, tagNumber]);
}
