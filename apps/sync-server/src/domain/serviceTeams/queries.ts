import type { OrganizationRole, ServiceTeamMember } from '@sanidok/schema';
import { compiledSelect } from '../../db/compiledSelect';
import type { Db } from '../../db/connection';
import { isInPatientDataWindow, mayViewAccessCode, patientDataGraceMs } from './policy';

/**
 * The services whose patient data a user may hold now. Read once per pull (one indexed query) and
 * per REST read of patient data.
 */
export interface TeamScope {
  patientData: ReadonlySet<string>;
}

// Driven from the services that may still be in their window (index services(organization_id,
// end_date), migration 2026-11-24_002), not from the user's team rows: a user on thousands of
// past services must not cost a pull every 5 s. End dates carry their own offsets, so the text
// comparison gets two days of margin; isInPatientDataWindow then decides exactly. Only
// organisations the user still belongs to count (leaving ends every team of it, membership.ts).
const candidateMarginMs = 2 * 24 * 3_600_000;
const teamOf = compiledSelect((db, p: { userId: number; endAfter: string }) =>
  db.selectFrom('services as s')
    .select(['s.id as serviceId', 's.status', 's.endDate'])
    .where('s.organizationId', 'in', db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', p.userId))
    .where('s.endDate', '>', p.endAfter).where('s.status', '<>', 'archived')
    .where((eb) => eb.exists(eb.selectFrom('serviceTeamMembers as t').select('t.userId').whereRef('t.serviceId', '=', 's.id').where('t.userId', '=', p.userId))));

export async function loadTeamScope(db: Db, userId: number, now: Date = new Date()): Promise<TeamScope> {
  const endAfter = new Date(now.getTime() - patientDataGraceMs - candidateMarginMs).toISOString();
  const rows = await teamOf(db, { userId, endAfter });
  return { patientData: new Set(rows.filter((r) => isInPatientDataWindow(r, now)).map((r) => r.serviceId)) };
}

/** Whether `userId` may see the patient data of this one service now. */
export async function mayHoldPatientData(db: Db, userId: number, service: { id: string; status: string; endDate: string }, now = new Date()): Promise<boolean> {
  if (!isInPatientDataWindow(service, now)) return false;
  return isOnTeam(db, service.id, userId);
}

export async function isOnTeam(db: Db, serviceId: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('serviceTeamMembers').select('userId').where('serviceId', '=', serviceId).where('userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Who reads services: their role per organisation and their teams, for the access code. */
export interface ServiceViewer {
  roles: ReadonlyMap<number, OrganizationRole>;
  team: ReadonlySet<string>;
}

export async function loadServiceViewer(db: Db, userId: number): Promise<ServiceViewer> {
  const [roles, team] = await Promise.all([
    db.selectFrom('organizationMembers').select(['organizationId', 'role']).where('userId', '=', userId).execute(),
    db.selectFrom('serviceTeamMembers').select('serviceId').where('userId', '=', userId).execute(),
  ]);
  return { roles: new Map(roles.map((r) => [r.organizationId, r.role])), team: new Set(team.map((t) => t.serviceId)) };
}

/** The service as this viewer may see it: the access code only for owner, admins and the team. */
export function withVisibleAccessCode<S extends { id: string; organizationId: number; accessCode: string | null }>(service: S, viewer: ServiceViewer): S {
  const role = viewer.roles.get(service.organizationId);
  if (role && mayViewAccessCode(role, viewer.team.has(service.id))) return service;
  return { ...service, accessCode: null };
}

export function teamMembersQuery(db: Db) {
  return db
    .selectFrom('serviceTeamMembers as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .leftJoin('users as a', 'a.id', 't.addedBy')
    .select(['t.serviceId', 't.organizationId', 't.userId', 't.addedAt', 't.addedBy', 't.method', 't.version', 'u.username', 'u.fullName', 'a.username as addedByUsername', 'a.fullName as addedByFullName']);
}

type TeamMemberRow = Awaited<ReturnType<ReturnType<typeof teamMembersQuery>['executeTakeFirstOrThrow']>>;

export function toTeamMember(row: TeamMemberRow): ServiceTeamMember {
  return {
    serviceId: row.serviceId, organizationId: row.organizationId, userId: row.userId, username: row.username, fullName: row.fullName, addedAt: row.addedAt,
    addedById: row.addedBy, addedByName: row.addedByFullName ?? row.addedByUsername ?? null, method: row.method,
  };
}

/** The team of a service, longest on it first. */
export async function listTeam(db: Db, serviceId: string): Promise<ServiceTeamMember[]> {
  const rows = await teamMembersQuery(db).where('t.serviceId', '=', serviceId).orderBy('t.addedAt').orderBy('t.userId').execute();
  return rows.map(toTeamMember);
}

export async function loadTeamMember(db: Db, serviceId: string, userId: number): Promise<ServiceTeamMember> {
  return toTeamMember(await teamMembersQuery(db).where('t.serviceId', '=', serviceId).where('t.userId', '=', userId).executeTakeFirstOrThrow());
}

