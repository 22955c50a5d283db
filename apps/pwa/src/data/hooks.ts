import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LocalMaterial, LocalOrganization, LocalService, LocalTreatmentTemplate, SaniDokDb } from './db';
import { activeDatabase, currentDatabase, subscribeDatabase } from './db';
import { isEntityPending, pendingEntityIds } from './outbox';
import { listMaterials } from './repositories/materials';
import { getOrganization, listOrganizations } from './repositories/organizations';
import { getService, listServices } from './repositories/services';
import { listTreatmentTemplates } from './repositories/treatmentTemplates';

/**
 * Screens read synced data only through these hooks: live queries on the signed-in user's Dexie
 * database, re-rendering on every local write, pull and user switch. `undefined` means "still
 * loading"; without a signed-in user the lists are empty.
 */

export function useDatabase(): SaniDokDb | null {
  return useSyncExternalStore(subscribeDatabase, currentDatabase, () => null);
}

const emptySet: ReadonlySet<string> = new Set();

export function useServices(organizationId?: number): LocalService[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listServices(db, organizationId) : []), [db, organizationId]);
}

/** undefined while loading, null when the device holds no such service. */
export function useService(id: string | undefined): LocalService | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db && id ? ((await getService(db, id)) ?? null) : null), [db, id]);
}

export function useOrganizations(): LocalOrganization[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listOrganizations(db) : []), [db]);
}

export function useOrganization(id: number | undefined): LocalOrganization | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db && id !== undefined ? ((await getOrganization(db, id)) ?? null) : null), [db, id]);
}

export function useMaterials(organizationId: number | undefined): LocalMaterial[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db && organizationId !== undefined ? listMaterials(db, organizationId) : []), [db, organizationId]);
}

/** Ids of entities with changes not yet accepted by the server (shown as "nicht synchronisiert"). */
export function usePendingIds(): ReadonlySet<string> {
  const db = useDatabase();
  return useLiveQuery(() => (db ? pendingEntityIds(db) : emptySet), [db], emptySet);
}

export function useIsPending(entityId: string | undefined): boolean {
  const db = useDatabase();
  return useLiveQuery(() => (db && entityId ? isEntityPending(db, entityId) : false), [db, entityId], false);
}

/** For non-React callers (e.g. before navigating away). */
export function isPending(entityId: string): Promise<boolean> {
  return isEntityPending(activeDatabase(), entityId);
}

/** The organisation's treatment templates, by name. */
export function useTreatmentTemplates(organizationId: number | undefined): LocalTreatmentTemplate[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db && organizationId !== undefined ? listTreatmentTemplates(db, organizationId) : []), [db, organizationId]);
}
