import { serviceTeamMemberId } from '@sanidok/schema';
import type { LocalServiceTeamMember, SaniDokDb } from '../db';

/**
 * Service teams on the device: synced rows of the entity 'serviceTeamMember', written
 * only by the pull (sync/applyPull.ts). Assigning and joining are online calls
 * (features/services/team/actions.ts); the pull brings their effect.
 */

/** Where the device stands on a service's team. 'unknown': no pull has brought teams yet. */
export type TeamStanding = 'member' | 'notMember' | 'unknown';

/** The team of a service, longest-serving first. */
export async function listServiceTeam(db: SaniDokDb, serviceId: string): Promise<LocalServiceTeamMember[]> {
  const rows = await db.serviceTeamMembers.where('serviceId').equals(serviceId).toArray();
  return rows.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.username.localeCompare(b.username, 'de'));
}

/**
 * Whether the signed-in user is on the service's team. A device whose cursor predates teams
 * (an update installed offline) says 'unknown' until its first pull: capture stays open then,
 * so an update never locks a medic out in the field (docs/decisions.md, "Team unknown").
 */
export async function teamStanding(db: SaniDokDb, serviceId: string): Promise<TeamStanding> {
  const covered = (await db.getMeta('cursorEntities')) ?? [];
  if (!covered.includes('serviceTeamMember')) return 'unknown';
  const row = await db.serviceTeamMembers.get(serviceTeamMemberId(serviceId, db.userId));
  return row ? 'member' : 'notMember';
}

/**
 * Whether this device holds the clinical part of the service's rows: true until its first purge
 * (sync/purgeClinical.ts writes `clinicalScope`), then only for the services of that scope.
 */
export async function holdsClinicalPart(db: SaniDokDb, serviceId: string): Promise<boolean> {
  const scope = await db.getMeta('clinicalScope');
  return scope === undefined || scope.includes(serviceId);
}

/** Ids of the services whose team the signed-in user is on (capture pickers filter by it). */
export async function myTeamServiceIds(db: SaniDokDb): Promise<ReadonlySet<string> | 'unknown'> {
  const covered = (await db.getMeta('cursorEntities')) ?? [];
  if (!covered.includes('serviceTeamMember')) return 'unknown';
  const rows = await db.serviceTeamMembers.where('userId').equals(db.userId).toArray();
  return new Set(rows.map((r) => r.serviceId));
}
