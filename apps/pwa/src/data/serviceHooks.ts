import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LocalOrganization, LocalService } from './db';
import { currentDatabase, subscribeDatabase } from './db';
import { getOrganization } from './repositories/organizations';
import { getService } from './repositories/services';

/** Read-only hooks of the services screens (besides hooks.ts): live queries on the user's Dexie. */

export interface ServiceDetail {
  service: LocalService;
  /** null when the device does not hold the organisation (yet). */
  organization: LocalOrganization | null;
}

interface Keyed {
  id: string | undefined;
  detail: ServiceDetail | null;
}

/**
 * A service and its organisation from ONE live query, so the screen never shows the service with
 * a stale or missing organisation (the role decides which actions appear). undefined while
 * loading, also right after the id changed; null when the device holds no such service.
 */
export function useServiceDetail(id: string | undefined): ServiceDetail | null | undefined {
  const db = useSyncExternalStore(subscribeDatabase, currentDatabase, () => null);
  const result = useLiveQuery(async (): Promise<Keyed> => {
    if (!db || !id) return { id, detail: null };
    const service = await getService(db, id);
    if (!service) return { id, detail: null };
    const organization = (await getOrganization(db, service.organizationId)) ?? null;
    return { id, detail: { service, organization } };
  }, [db, id]);
  // useLiveQuery keeps the previous result until the new query answers: not this id's answer.
  if (!result || result.id !== id) return undefined;
  return result.detail;
}
