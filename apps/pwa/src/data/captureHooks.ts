import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from './hooks';
import type { UsedMaterialRow } from './repositories/materialUsage';
import { listUsedMaterials } from './repositories/materialUsage';
import type { LocalMinorTreatment, MinorTreatmentPage } from './repositories/minorTreatments';
import { listMinorTreatmentPage, listServiceMinorTreatments } from './repositories/minorTreatments';

/**
 * Live reads of minor treatments and material consumption (see hooks.ts): `undefined` while
 * loading, re-rendered on every local write, pull and user switch.
 */

const emptyPage: MinorTreatmentPage = { rows: [], total: 0 };

/** One page of the /minor-treatments list, newest first. */
export function useMinorTreatmentPage(page: number, pageSize: number): MinorTreatmentPage | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listMinorTreatmentPage(db, (page - 1) * pageSize, pageSize) : emptyPage), [db, page, pageSize]);
}

export function useServiceMinorTreatments(serviceId: string): LocalMinorTreatment[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listServiceMinorTreatments(db, serviceId) : []), [db, serviceId]);
}

/** Open consumption of a service per material (the Materialverbrauch tab). */
export function useUsedMaterials(serviceId: string): UsedMaterialRow[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listUsedMaterials(db, serviceId) : []), [db, serviceId]);
}
