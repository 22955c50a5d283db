import type { SaniDokDb } from '../db';
import type { ProtocolView } from './protocols';
import { getProtocolView } from './protocols';

/** A protocol with what a FHIR export names besides it: the team's names (full name where known) and the organisation's. */
export interface ProtocolExportView extends ProtocolView {
  teamNames: Map<number, string>;
  /** Only the full names: the prints sign with a person's name, never with a username. */
  teamFullNames: Map<number, string>;
  organizationName: string | null;
  /** This device's user, whose rows may not carry a name from the server yet. */
  deviceUser: { id: number; name: string };
}

export async function getProtocolExportView(db: SaniDokDb, id: string): Promise<ProtocolExportView | null> {
  const view = await getProtocolView(db, id);
  if (!view) return null;
  const [team, organization] = await Promise.all([
    db.serviceTeamMembers.where('serviceId').equals(view.protocol.serviceId).toArray(),
    db.organizations.get(view.protocol.organizationId),
  ]);
  return {
    ...view,
    teamNames: new Map(team.map((m) => [m.userId, m.fullName || m.username])),
    teamFullNames: new Map(team.flatMap((m) => (m.fullName?.trim() ? [[m.userId, m.fullName.trim()] as const] : []))),
    organizationName: organization?.name ?? null,
    deviceUser: { id: db.userId, name: db.userName },
  };
}

/** A team member's name as the export and the prints sign with it: the team row's, else this device's user's. */
export const teamMemberName = (view: Pick<ProtocolExportView, 'teamNames' | 'deviceUser'>, userId: number): string | undefined =>
  view.teamNames.get(userId) ?? (userId === view.deviceUser.id && view.deviceUser.name ? view.deviceUser.name : undefined);
