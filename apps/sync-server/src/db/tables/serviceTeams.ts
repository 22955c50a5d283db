import type { Selectable } from 'kysely';
import type { TeamJoinMethod } from '@sanidok/schema';
import type { IsoTimestamp } from '../columns';

/** Who is on a service's team (docs/security.md "Patient data follows the team"). */
export interface ServiceTeamMembersTable {
  serviceId: string;
  userId: number;
  organizationId: number;
  /** Who assigned the member; null for the upgrade's backfill and after that user was deleted. */
  addedBy: number | null;
  addedAt: IsoTimestamp;
  method: TeamJoinMethod;
  version: number;
}

export interface ServiceTeamTables {
  serviceTeamMembers: ServiceTeamMembersTable;
}

export type ServiceTeamMemberRow = Selectable<ServiceTeamMembersTable>;
