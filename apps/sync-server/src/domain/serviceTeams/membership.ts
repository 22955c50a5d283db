import type { TeamJoinMethod } from '@sanidok/schema';
import { serviceTeamMemberId } from '@sanidok/schema';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { RequestContext } from '../context';
import { nowIso } from '../time';
import { nextVersion, writeTombstone } from '../versions';

/**
 * Writes of a service's team, inside the caller's transaction. Adding a member re-sends the
 * service's identifying rows to the new member's device, whose cursor is already past them;
 * removing one bumps the service row, whose access code that device no longer sees
 * (docs/sync-protocol.md "Service teams").
 */
interface TeamService {
  id: string;
  organizationId: number;
}

/** Puts `userId` on the team; false when already on it (nothing changes then). */
export async function addTeamMember(trx: Db, service: TeamService, userId: number, addedBy: number | null, method: TeamJoinMethod): Promise<boolean> {
  const inserted = await trx
    .insertInto('serviceTeamMembers')
    .values({ serviceId: service.id, userId, organizationId: service.organizationId, addedBy, addedAt: nowIso(), method, version: await nextVersion(trx) })
    .onConflict((oc) => oc.columns(['serviceId', 'userId']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await resendServiceData(trx, service.id);
  return true;
}

/** The creator, as the service is created: nothing to re-send yet (the hot path of a sync push). */
export async function insertCreator(trx: Db, service: TeamService, userId: number): Promise<void> {
  await insertRow(trx, 'serviceTeamMembers', {
    serviceId: service.id, userId, organizationId: service.organizationId, addedBy: userId, addedAt: nowIso(), method: 'creator', version: await nextVersion(trx),
  });
}

/** Takes `userId` off the team: a tombstone for the devices, the service row bumped. */
export async function removeTeamMember(trx: Db, service: TeamService, userId: number): Promise<void> {
  const removed = await trx.deleteFrom('serviceTeamMembers').where('serviceId', '=', service.id).where('userId', '=', userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return;
  await writeTombstone(trx, 'serviceTeamMember', serviceTeamMemberId(service.id, userId), service.organizationId);
  await trx.updateTable('services').set({ version: await nextVersion(trx) }).where('id', '=', service.id).execute();
}

/** Before a service is deleted: its team rows go with it, so the devices get their tombstones. */
export async function removeWholeTeam(trx: Db, service: TeamService): Promise<void> {
  const rows = await trx.selectFrom('serviceTeamMembers').select('userId').where('serviceId', '=', service.id).execute();
  for (const { userId } of rows) {
    await trx.deleteFrom('serviceTeamMembers').where('serviceId', '=', service.id).where('userId', '=', userId).execute();
    await writeTombstone(trx, 'serviceTeamMember', serviceTeamMemberId(service.id, userId), service.organizationId);
  }
}

/** A member leaves (or is removed from) the organisation: off every team of it as well. */
export async function removeFromOrganizationTeams(trx: Db, organizationId: number, userId: number): Promise<void> {
  const rows = await trx.selectFrom('serviceTeamMembers').select('serviceId').where('organizationId', '=', organizationId).where('userId', '=', userId).execute();
  for (const { serviceId } of rows) await removeTeamMember(trx, { id: serviceId, organizationId }, userId);
}

/**
 * New versions for the service row, its minor treatments, its protocols (patient data and history of the open
 * ones, clinical part of all, vital signs, treatment entries) and its MANV tags and triages:
 * a device pulls them again although its cursor is past them. One version each, so that a page
 * boundary never splits rows of equal version (docs/sync-protocol.md, cursor).
 */
export async function resendServiceData(trx: Db, serviceId: string): Promise<void> {
  await trx.updateTable('services').set({ version: await nextVersion(trx) }).where('id', '=', serviceId).execute();
  const treatments = await trx.selectFrom('minorTreatments').select('id').where('serviceId', '=', serviceId).execute();
  for (const { id } of treatments) await trx.updateTable('minorTreatments').set({ version: await nextVersion(trx) }).where('id', '=', id).execute();
  const patientData = await trx
    .selectFrom('protocolPatientData as d').innerJoin('patientProtocols as p', 'p.id', 'd.protocolId')
    .select('d.protocolId').where('p.serviceId', '=', serviceId).where('p.status', '=', 'active').execute();
  for (const { protocolId } of patientData) {
    await trx.updateTable('protocolPatientData').set({ version: await nextVersion(trx) }).where('protocolId', '=', protocolId).execute();
  }
  // The clinical part travels only to the team as well (docs/security.md "Clinical data follows the team"):
  // every protocol of the service, its vital signs and treatment entries.
  const protocols = await trx.selectFrom('patientProtocols').select('id').where('serviceId', '=', serviceId).execute();
  for (const { id } of protocols) {
    await trx.updateTable('patientProtocols').set({ version: await nextVersion(trx) }).where('id', '=', id).execute();
    const vitals = await trx.selectFrom('vitalSignRecords').select('id').where('protocolId', '=', id).execute();
    for (const vital of vitals) await trx.updateTable('vitalSignRecords').set({ version: await nextVersion(trx) }).where('id', '=', vital.id).execute();
    const entries = await trx.selectFrom('treatmentEntries').select('id').where('protocolId', '=', id).execute();
    for (const entry of entries) await trx.updateTable('treatmentEntries').set({ version: await nextVersion(trx) }).where('id', '=', entry.id).execute();
    // The open protocol's history (domain/sync/recordRevisionSource.ts); a discharged one's is sealed.
    const revisions = await trx.selectFrom('recordRevisions').select('id').where('protocolId', '=', id).execute();
    for (const revision of revisions) await trx.updateTable('recordRevisions').set({ version: await nextVersion(trx) }).where('id', '=', revision.id).execute();
  }
  // MANV tags and triage events travel only to the team (domain/sync/sources.ts).
  const tags = await trx.selectFrom('manvPatients').select('id').where('serviceId', '=', serviceId).execute();
  for (const { id } of tags) await trx.updateTable('manvPatients').set({ version: await nextVersion(trx) }).where('id', '=', id).execute();
  const triages = await trx.selectFrom('manvTriages').select('id').where('serviceId', '=', serviceId).execute();
  for (const { id } of triages) await trx.updateTable('manvTriages').set({ version: await nextVersion(trx) }).where('id', '=', id).execute();
}

/**
 * "Einteilung geändert" in the organisation's access log (owner-visible, 90 days): who changed
 * whose assignment, or who joined with the code. The team rows keep who added whom when.
 */
export async function logTeamChange(trx: Db, actor: { user: UserRow; request: RequestContext }, service: TeamService, details: string): Promise<void> {
  await trx
    .insertInto('accessLogs')
    .values({
      userId: actor.user.id, organizationId: service.organizationId, serviceId: service.id, patientProtocolId: null, actionType: 'other',
      timestamp: nowIso(), ipAddress: actor.request.ipAddress, userAgent: actor.request.userAgent?.slice(0, 500) ?? null,
      userEmail: actor.user.email, details: `Einteilung geändert: ${details}`, eventId: null,
    })
    .execute();
}
