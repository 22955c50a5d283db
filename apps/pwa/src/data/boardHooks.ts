import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalDiaryEntry, LocalMaterial, LocalMaterialUsage, LocalMinorTreatment, LocalProtocol, LocalService, LocalServiceTeamMember } from './db';
import { useDatabase } from './hooks';
import { listDiaryEntries } from './repositories/diary';

/** Everything the command-post board reads of one service from this device, in one live query. */
export interface BoardData {
  service: LocalService | null;
  protocols: LocalProtocol[];
  minorTreatments: LocalMinorTreatment[];
  materialUsage: LocalMaterialUsage[];
  materials: LocalMaterial[];
  team: LocalServiceTeamMember[];
  diary: LocalDiaryEntry[];
  /** The last sync cycle that pushed and pulled without error: how old the board's data is offline. */
  lastSyncAt: string | null;
}

export function useBoardData(serviceId: string): BoardData | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const service = (await db.services.get(serviceId)) ?? null;
    const [protocols, minorTreatments, materialUsage, team, diary, lastSyncAt, materials] = await Promise.all([
      db.protocols.where('serviceId').equals(serviceId).toArray(),
      db.minorTreatments.where('serviceId').equals(serviceId).toArray(),
      db.materialUsage.where('serviceId').equals(serviceId).toArray(),
      db.serviceTeamMembers.where('serviceId').equals(serviceId).toArray(),
      listDiaryEntries(db, serviceId),
      db.getMeta('lastSyncAt'),
      service ? db.materials.where('organizationId').equals(service.organizationId).toArray() : [],
    ]);
    return { service, protocols, minorTreatments, materialUsage, materials, team, diary, lastSyncAt: lastSyncAt ?? null };
  }, [db, serviceId]);
}
