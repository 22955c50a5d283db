import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from './hooks';
import type { ProtocolMaterial } from './repositories/protocolMaterials';
import { listProtocolMaterials } from './repositories/protocolMaterials';

export type { ProtocolMaterial } from './repositories/protocolMaterials';

/** Live list of the materials a protocol consumed; undefined while loading. */
export function useProtocolMaterials(protocolId: string, serviceId: string): ProtocolMaterial[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listProtocolMaterials(db, protocolId, serviceId) : []), [db, protocolId, serviceId]);
}
