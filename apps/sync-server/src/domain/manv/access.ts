import { entityId, manvMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ManvIncidentRow, ManvPatientRow, UserRow } from '../../db/database';
import { notFound, rethrowNotFoundAs } from '../errors';
import { assertAllowed } from '../organizations/policy';
import type { ServiceAccess } from '../services/access';
import { assertCaptureAllowed, assertServiceWritable, requireServiceAccess } from '../services/access';

/**
 * Who may do what in MANV mode (docs/manv.md):
 * - open, change, end an incident: who plans the service and manages its team (owner, admin;
 *   organizationRules.leadManv) on a writable service;
 * - register tags, triage, transport: any member, like every capture (captures on site are never
 *   refused; docs/security.md "Patient data follows the team"): an ended incident still takes
 *   the triages of tablets that were offline. Only the team reads them back (domain/sync/sources.ts).
 * Outsiders get the same 404 as for a row that does not exist.
 */

export interface IncidentAccess extends ServiceAccess {
  incident: ManvIncidentRow;
}

export async function requireIncidentAccess(db: Db, incidentId: unknown, user: UserRow): Promise<IncidentAccess> {
  const id = entityId.safeParse(incidentId);
  const incident = id.success ? await db.selectFrom('manvIncidents').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!incident) throw notFound(manvMessages.incidentNotFound);
  const access = await requireServiceAccess(db, incident.serviceId, user).catch(rethrowNotFoundAs(manvMessages.incidentNotFound));
  return { ...access, incident };
}

export async function authorizeIncidentLead(db: Db, incidentId: unknown, user: UserRow): Promise<IncidentAccess> {
  const access = await requireIncidentAccess(db, incidentId, user);
  assertAllowed(access, 'leadManv');
  assertServiceWritable(access);
  return access;
}

export async function authorizeIncidentCapture(db: Db, incidentId: unknown, user: UserRow): Promise<IncidentAccess> {
  const access = await requireIncidentAccess(db, incidentId, user);
  assertCaptureAllowed(access);
  return access;
}

export interface PatientAccess extends ServiceAccess {
  patient: ManvPatientRow;
}

export async function authorizePatientCapture(db: Db, patientId: unknown, user: UserRow): Promise<PatientAccess> {
  const id = entityId.safeParse(patientId);
  const patient = id.success ? await db.selectFrom('manvPatients').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!patient) throw notFound(manvMessages.patientNotFound);
  const access = await requireServiceAccess(db, patient.serviceId, user).catch(rethrowNotFoundAs(manvMessages.patientNotFound));
  assertCaptureAllowed(access);
  return { ...access, patient };
}
