import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalServiceTeamMember } from './db';
import { useDatabase } from './hooks';
import type { TeamStanding } from './repositories/serviceTeams';
import { listServiceTeam, myTeamServiceIds, teamStanding } from './repositories/serviceTeams';

/** Live reads of service teams (see hooks.ts): synced, so they work offline. undefined = loading. */

export function useServiceTeam(serviceId: string): LocalServiceTeamMember[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listServiceTeam(db, serviceId) : []), [db, serviceId]);
}

/** Is the signed-in user on this service's team ('unknown' before the first pull with teams). */
export function useTeamStanding(serviceId: string): TeamStanding | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? teamStanding(db, serviceId) : 'notMember'), [db, serviceId]);
}

/** Services whose team the signed-in user is on; 'unknown' before the first pull with teams. */
export function useMyTeamServiceIds(): ReadonlySet<string> | 'unknown' | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? myTeamServiceIds(db) : new Set<string>()), [db]);
}
