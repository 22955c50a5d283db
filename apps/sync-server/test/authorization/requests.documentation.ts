import { randomUUID } from 'node:crypto';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { expect } from 'vitest';
import { registerDevice } from '../helpers/deviceKeys';
import { dischargePayload, protocolPayload } from '../helpers/protocols';
import { servicePayload } from '../helpers/services';
import type { Actor } from './actors';
import { teamActors } from './actors';
import type { DocumentationKey, RequestBuilder } from './requestTypes';
import { freshProtocol, freshService } from './fresh';
import type { World } from './world';

/** REST answers no patient data to anyone, the team included (docs/security.md "Patient data needs the unlocked device"). */
const noPatientData = (body: unknown) => expect((body as { patientData: unknown }).patientData).toBeNull();

/** As the actor's tablet pulls: naming a device registered with the password (the session alone pulls no patient data). */
async function pullUrl(world: World, actor: Actor): Promise<string> {
  if (actor === 'anonymous') return '/api/sync/pull';
  const tablet = await registerDevice(world.clients[actor], world.users[actor].password);
  return `/api/sync/pull?deviceId=${tablet.deviceId}`;
}

/** The service's access code as it is now (a row may have renewed it). */
async function accessCodeOf(world: World, serviceId: string): Promise<string> {
  const row = await world.app.db.selectFrom('services').select('accessCode').where('id', '=', serviceId).executeTakeFirstOrThrow();
  return row.accessCode ?? '';
}

/** After a join row: the members off the team are off it again, so the other rows see the world as built. */
const offTeamAgain = (world: World, serviceId: string) => async () => {
  await world.app.db.deleteFrom('serviceTeamMembers').where('serviceId', '=', serviceId).where('userId', 'in', [world.users.member.id, world.users.orgAdmin.id]).execute();
};

/** Services, minor treatments, material consumption, protocols, access events, dashboard, sync. */
export const documentationRequests: Record<DocumentationKey, RequestBuilder> = {
  'GET /api/services': () => ({ url: '/api/services', listsOwnRows: true }),
  'GET /api/services/active': () => ({ url: '/api/services/active', listsOwnRows: true }),
  // The access code: owner, admins and the team only.
  'GET /api/services/:id': ({ scope, actor }) => ({
    url: `/api/services/${scope.serviceId}`,
    expectBody: (body) => expect((body as { accessCode: string | null }).accessCode !== null).toBe(actor === 'orgAdmin' || teamActors.includes(actor)),
  }),
  'GET /api/services/:id/revisions': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/revisions` }),
  'POST /api/services': ({ scope }) => ({ url: '/api/services', payload: servicePayload(scope.org.id) }),
  'PATCH /api/services/:id': ({ scope }) => ({ url: `/api/services/${scope.serviceId}`, payload: { description: 'Beschreibung geändert' } }),
  'PATCH /api/services/:id/archive': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope, { ended: true })}/archive` }),
  'PATCH /api/services/:id/complete': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope)}/complete` }),
  'DELETE /api/services/:id': async ({ world, scope }) => ({ url: `/api/services/${await freshService(world, scope)}` }),
  'GET /api/services/:id/team': ({ scope, world }) => ({
    url: `/api/services/${scope.serviceId}/team`,
    expectBody: (body) => expect((body as { userId: number }[]).map((m) => m.userId)).toContain(world.users.assignedMember.id),
  }),
  'GET /api/services/:id/board': ({ scope, world }) => ({
    url: `/api/services/${scope.serviceId}/board`,
    expectBody: (body) => expect((body as { team: { userId: number }[] }).team.map((m) => m.userId)).toContain(world.users.assignedMember.id),
  }),
  // The test apps end a stream after 300 ms (test/helpers/testApp.ts): the reply is finite.
  'GET /api/services/:id/events': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/events` }),
  // The team as it is: the row checks who may set it, without changing the world.
  'PUT /api/services/:id/team': async ({ world, scope }) => ({
    url: `/api/services/${scope.serviceId}/team`,
    payload: { userIds: (await world.app.db.selectFrom('serviceTeamMembers').select('userId').where('serviceId', '=', scope.serviceId).execute()).map((r) => r.userId) },
  }),
  'POST /api/services/:id/access-code': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/access-code` }),
  'POST /api/services/:id/join': async ({ world, scope }) => ({
    url: `/api/services/${scope.serviceId}/join`, payload: { accessCode: await accessCodeOf(world, scope.serviceId) }, cleanup: offTeamAgain(world, scope.serviceId),
  }),

  'GET /api/minor-treatments': () => ({ url: '/api/minor-treatments', listsOwnRows: true }),
  'POST /api/minor-treatments': ({ scope }) => ({
    url: '/api/minor-treatments',
    payload: { id: randomUUID(), serviceId: scope.serviceId, patientName: 'Max Muster', description: 'Pflaster geklebt', materials: [{ id: scope.materialId, quantity: 1 }] },
  }),
  'GET /api/services/:id/minor-treatments': ({ scope }) => ({
    url: `/api/services/${scope.serviceId}/minor-treatments`,
    expectBody: (body) => expect((body as { patientName: string | null }[]).map((t) => t.patientName).every((name) => name === null)).toBe(true),
  }),
  'GET /api/materials/used': ({ scope }) => ({ url: `/api/materials/used?serviceId=${scope.serviceId}` }),
  'POST /api/materials/add-used': ({ scope }) => ({ url: '/api/materials/add-used', payload: { serviceId: scope.serviceId, materials: [{ id: scope.materialId, quantity: 1 }] } }),
  'DELETE /api/materials/used/:id': ({ scope }) => ({ url: `/api/materials/used/${scope.materialId}?serviceId=${scope.serviceId}` }),
  'POST /api/materials/clear': ({ scope }) => ({ url: '/api/materials/clear', payload: { serviceId: scope.serviceId } }),
  'GET /api/materials/export': ({ scope }) => ({ url: `/api/materials/export?serviceId=${scope.serviceId}` }),
  // CSV: the leak check reads it as text (no team patient name may appear, test/routes/api/reports.test.ts checks the team's view).
  'POST /api/services/:id/event-report': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/event-report`, payload: { format: 'csv' } }),

  'GET /api/patient-protocols': () => ({ url: '/api/patient-protocols', listsOwnRows: true }),
  'GET /api/patient-protocols/:id': ({ scope }) => ({
    url: `/api/patient-protocols/${scope.protocolId}`,
    expectBody: noPatientData,
  }),
  'GET /api/patient-protocols/:id#key': async ({ world, scope }) => ({
    url: `/api/patient-protocols/${scope.protocolId}?key=${encodeURIComponent(await accessCodeOf(world, scope.serviceId))}`,
    expectBody: noPatientData,
    cleanup: offTeamAgain(world, scope.serviceId),
  }),
  'POST /api/patient-protocols/:id/join': async ({ world, scope }) => ({
    url: `/api/patient-protocols/${scope.protocolId}/join`,
    payload: { accessCode: await accessCodeOf(world, scope.serviceId) },
    cleanup: offTeamAgain(world, scope.serviceId),
  }),
  'POST /api/patient-protocols': ({ scope }) => ({ url: '/api/patient-protocols', payload: protocolPayload(scope.serviceId) }),
  'PATCH /api/patient-protocols/:id': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}`, payload: { medications: 'ASS 100' } }),
  'PATCH /api/patient-protocols/:id/discharge': async ({ world, scope }) => ({
    url: `/api/patient-protocols/${await freshProtocol(world, scope)}/discharge`, payload: dischargePayload,
  }),
  'GET /api/patient-protocols/:id/vital-signs': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/vital-signs` }),
  'POST /api/patient-protocols/:id/vital-signs': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/vital-signs`, payload: { heartRate: 88 } }),
  'GET /api/patient-protocols/:id/treatment-entries': ({ scope }) => ({ url: `/api/patient-protocols/${scope.protocolId}/treatment-entries` }),
  'POST /api/patient-protocols/:id/treatment-entries': ({ scope }) => ({
    url: `/api/patient-protocols/${scope.protocolId}/treatment-entries`, payload: { id: randomUUID(), time: '12:00', text: 'Patient betreut', performer: 'laienhelfer' },
  }),
  'GET /api/services/:id/patient-protocols': ({ scope }) => ({ url: `/api/services/${scope.serviceId}/patient-protocols` }),
  'POST /api/access-logs/protocol-access': ({ scope }) => ({ url: '/api/access-logs/protocol-access', payload: { protocolId: scope.protocolId } }),
  'POST /api/access-logs/print': ({ scope }) => ({ url: '/api/access-logs/print', payload: { protocolId: scope.protocolId, actionType: 'handover' } }),

  // An empty batch from a new device: whether the push itself is open; mutations have their own table.
  'POST /api/sync/push': () => ({ url: '/api/sync/push', payload: { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] } }),
  'GET /api/sync/pull': async ({ world, actor }) => ({
    url: await pullUrl(world, actor),
    listsOwnRows: true,
    expectBody: (body) => {
      const scope = (body as { patientDataServices: string[] }).patientDataServices;
      expect(scope.includes(world.scopes.active.serviceId)).toBe(teamActors.includes(actor));
      expect(scope).not.toContain(world.scopes.archived.serviceId);
    },
  }),
};
