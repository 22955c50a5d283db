import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { adminClient, adminCredentials } from '../helpers/admin';
import { createOrganizationWithSecret } from '../helpers/archive';
import { createOrganization, pendingInvitationId } from '../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../helpers/protocols';
import { createServiceVia } from '../helpers/services';
import { Client, createTestApp, registeredClient, validRegistration } from '../helpers/testApp';
import { createSession } from '../../src/domain/sessions/sessions';
import type { Actor, State } from './actors';

/** Anything that sends a request as someone: the helpers' Client or a second session. */
export interface Requester {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export type SignedInActor = Exclude<Actor, 'anonymous'>;

export interface OrgHandle {
  id: number;
  name: string;
  /** The owner's organisation secret (kept by the browser; the archive proof is signed with it). */
  secret: Uint8Array;
}

/** The resources a row works on in one state. */
export interface Scope {
  state: State;
  org: OrgHandle;
  serviceId: string;
  protocolId: string;
  materialId: number;
}

/**
 * Unique texts of the world's rows, searched for in every answer (leaks.ts). `world`: the
 * organisations of owner, admin and member; `foreign`: the other owner's organisation;
 * `patients`: patient names of open records (never in the admin area); `sealed`: patient names
 * of discharged protocols (never in any answer: only the owner opens them, in the browser);
 * `teamPatients`: the world's open patient names in the patient-data window (only for the team);
 * `pastWindow`: those of the archived service (for nobody, docs/security.md); `clinical`: the
 * clinical text of every protocol and minor treatment (by REST for nobody, the team included:
 * docs/security.md "Clinical data follows the team").
 */
export interface Markers {
  world: string[];
  foreign: string[];
  patients: string[];
  sealed: string[];
  teamPatients: string[];
  pastWindow: string[];
  clinical: string[];
}

export interface World {
  app: FastifyInstance;
  clients: Record<Actor, Client>;
  users: Record<SignedInActor, { id: number; username: string; password: string }>;
  scopes: Record<State, Scope>;
  foreign: { orgId: number; serviceId: string };
  markers: Markers;
  /** Port of the test SMTP server for the e-mail rows, when the file started one. */
  smtpPort: number | null;
}

/** Throws with the body when a set-up call did not answer as expected. */
export function ok(response: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  if (response.statusCode !== status) throw new Error(`Aufbau: ${response.statusCode} statt ${status}: ${response.body}`);
  return response;
}

/** A second signed-in session of a user (a second device), without another password hash. */
export async function secondSession(world: World, userId: number): Promise<Requester> {
  const { token } = await createSession(world.app.db, userId, false, { ipAddress: null, userAgent: null });
  const cookie = `sanidok_session=${world.app.signCookie(token)}`;
  return { request: (options) => world.app.inject({ ...options, headers: { 'x-sanidok-client': 'test', ...(options.headers as object), cookie } }) };
}

const hour = 3_600_000;
export const endedDates = () => ({ startDate: new Date(Date.now() - 10 * hour).toISOString(), endDate: new Date(Date.now() - 2 * hour).toISOString() });

export async function joinOrganization(owner: Client, invitee: Requester, username: string, organizationId: number, role: 'member' | 'admin'): Promise<void> {
  ok(await owner.post(`/api/organizations/${organizationId}/invite`, { username, role }), 201);
  const invitationId = await pendingInvitationId(invitee, organizationId);
  ok(await invitee.request({ method: 'POST', url: `/api/invitations/${String(invitationId)}/respond`, payload: { response: 'accepted' } }));
}

export async function setBlocked(world: World, kind: 'organizations' | 'services', id: number | string, isBlocked: boolean): Promise<void> {
  ok(await world.clients.platformAdmin.patch(`/api/admin/${kind}/${id}/block`, { isBlocked }));
}

/** In every protocol's and minor treatment's clinical text (Markers.clinical). */
const clinicalMarker = 'Quittenbefund';

function patient(firstName: string, lastName: string) {
  return { patientData: { firstName, lastName, dateOfBirth: '1975-06-01', gender: 'weiblich', address: 'Marktstraße 1, 12345 Musterstadt' }, symptoms: `${clinicalMarker} Schwindel` };
}

async function material(owner: Client, organizationId: number, name: string): Promise<number> {
  return ok(await owner.post('/api/materials', { name, unit: 'Stück', organizationId }), 201).json<{ id: number }>().id;
}

async function minorTreatment(client: Client, serviceId: string, materialId: number, patientName: string): Promise<void> {
  ok(await client.post('/api/minor-treatments', { serviceId, patientName, description: `Schürfwunde versorgt (${clinicalMarker})`, materials: [{ id: materialId, quantity: 2 }] }), 201);
}

/**
 * One app with everything the matrix needs, made through the API as users would: two
 * organisations of the owner (one to be blocked) with an admin and a member, services in every
 * state, protocols (one discharged), materials, a minor treatment; a foreign organisation of the
 * other owner; a stranger; a platform admin. Built once per test file (beforeAll).
 */
export async function buildWorld(options: { smtpPort?: number } = {}): Promise<World> {
  const app = await createTestApp();
  const platformAdmin = await adminClient(app);
  const names = { owner: 'olga', orgAdmin: 'adam', member: 'mona', assignedMember: 'tina', codeHolder: 'carl', stranger: 'sven', otherOwner: 'otto' } as const;
  const owner = await registeredClient(app, names.owner);
  const orgAdmin = await registeredClient(app, names.orgAdmin);
  const member = await registeredClient(app, names.member);
  const assignedMember = await registeredClient(app, names.assignedMember);
  const codeHolder = await registeredClient(app, names.codeHolder);
  const stranger = await registeredClient(app, names.stranger);
  const otherOwner = await registeredClient(app, names.otherOwner);
  const clients: Record<Actor, Client> = { anonymous: new Client(app), stranger, member, assignedMember, codeHolder, orgAdmin, owner, otherOwner, platformAdmin };
  const idOf = async (client: Client) => ok(await client.get('/api/user')).json<{ id: number }>().id;
  const password = validRegistration().password;
  const users = {
    owner: { id: await idOf(owner), username: names.owner, password },
    orgAdmin: { id: await idOf(orgAdmin), username: names.orgAdmin, password },
    member: { id: await idOf(member), username: names.member, password },
    assignedMember: { id: await idOf(assignedMember), username: names.assignedMember, password },
    codeHolder: { id: await idOf(codeHolder), username: names.codeHolder, password },
    stranger: { id: await idOf(stranger), username: names.stranger, password },
    otherOwner: { id: await idOf(otherOwner), username: names.otherOwner, password },
    platformAdmin: { id: await idOf(platformAdmin), ...adminCredentials },
  };

  const open = { ...(await createOrganizationWithSecret(owner, 'Weltorganisation Offen')), name: 'Weltorganisation Offen' };
  const locked = { ...(await createOrganizationWithSecret(owner, 'Weltorganisation Gesperrt')), name: 'Weltorganisation Gesperrt' };
  for (const org of [open, locked]) {
    await joinOrganization(owner, orgAdmin, names.orgAdmin, org.id, 'admin');
    await joinOrganization(owner, member, names.member, org.id, 'member');
    await joinOrganization(owner, assignedMember, names.assignedMember, org.id, 'member');
    await joinOrganization(owner, codeHolder, names.codeHolder, org.id, 'member');
  }
  const openMaterial = await material(owner, open.id, 'Weltpflaster Offen');
  const lockedMaterial = await material(owner, locked.id, 'Weltpflaster Gesperrt');

  const running = await createServiceVia(owner, open.id, { name: 'Weltdienst Laufend' });
  const toBlock = await createServiceVia(owner, open.id, { name: 'Weltdienst Gesperrt' });
  const toArchive = await createServiceVia(owner, open.id, { name: 'Weltdienst Archiviert', ...endedDates() });
  const inLockedOrg = await createServiceVia(owner, locked.id, { name: 'Weltdienst Sperrorganisation' });
  // The teams: the owner as creator, the assigned member by the owner, the code holder
  // by the code where the service runs (the ended one only takes assignments).
  for (const service of [running, toBlock, toArchive, inLockedOrg]) {
    ok(await owner.put(`/api/services/${service.id}/team`, { userIds: [users.owner.id, users.assignedMember.id] }));
  }
  for (const service of [running, toBlock, inLockedOrg]) {
    const { accessCode } = ok(await owner.get(`/api/services/${service.id}`)).json<{ accessCode: string }>();
    ok(await codeHolder.post(`/api/services/${service.id}/join`, { accessCode }));
  }
  ok(await owner.put(`/api/services/${toArchive.id}/team`, { userIds: [users.owner.id, users.assignedMember.id, users.codeHolder.id] }));

  const activeProtocol = await createProtocolVia(member, running.id, patient('Anneliese', 'Offenpatientin'));
  const toDischarge = await createProtocolVia(member, running.id, patient('Sieglinde', 'Siegelpatientin'));
  const blockedProtocol = await createProtocolVia(member, toBlock.id, patient('Bernd', 'Sperrpatient'));
  const archivedProtocol = await createProtocolVia(member, toArchive.id, patient('Arno', 'Archivpatient'));
  const lockedOrgProtocol = await createProtocolVia(member, inLockedOrg.id, patient('Olaf', 'Orgsperrpatient'));
  await minorTreatment(member, running.id, openMaterial, 'Bruno Bagatellpatient');

  const foreignOrg = await createOrganization(otherOwner, 'Fremdorganisation Nord');
  const foreignMaterial = await material(otherOwner, foreignOrg.id, 'Fremdpflaster Nord');
  const foreignService = await createServiceVia(otherOwner, foreignOrg.id, { name: 'Fremddienst Nord' });
  const foreignProtocol = await createProtocolVia(otherOwner, foreignService.id, patient('Frieda', 'Fremdpatientin'));
  await minorTreatment(otherOwner, foreignService.id, foreignMaterial, 'Franz Fremdbagatell');

  // The states: discharge (seals), archive, block a service, block an organisation.
  ok(await owner.patch(`/api/patient-protocols/${toDischarge.protocol.id}/discharge`, dischargePayload));
  ok(await owner.request({ method: 'PATCH', url: `/api/services/${toArchive.id}/archive` }));
  const world: World = {
    app, clients, users,
    scopes: {
      active: { state: 'active', org: open, serviceId: running.id, protocolId: activeProtocol.protocol.id, materialId: openMaterial },
      orgBlocked: { state: 'orgBlocked', org: locked, serviceId: inLockedOrg.id, protocolId: lockedOrgProtocol.protocol.id, materialId: lockedMaterial },
      serviceBlocked: { state: 'serviceBlocked', org: open, serviceId: toBlock.id, protocolId: blockedProtocol.protocol.id, materialId: openMaterial },
      archived: { state: 'archived', org: open, serviceId: toArchive.id, protocolId: archivedProtocol.protocol.id, materialId: openMaterial },
      discharged: { state: 'discharged', org: open, serviceId: running.id, protocolId: toDischarge.protocol.id, materialId: openMaterial },
    },
    foreign: { orgId: foreignOrg.id, serviceId: foreignService.id },
    markers: {
      world: [
        open.name, locked.name, 'Weltpflaster', 'Weltdienst', running.id, toBlock.id, toArchive.id, inLockedOrg.id,
        activeProtocol.protocol.id, toDischarge.protocol.id, blockedProtocol.protocol.id, archivedProtocol.protocol.id, lockedOrgProtocol.protocol.id,
        'Offenpatientin', 'Sperrpatient', 'Archivpatient', 'Orgsperrpatient', 'Bagatellpatient',
      ],
      foreign: ['Fremdorganisation', 'Fremdpflaster', 'Fremddienst', foreignService.id, foreignProtocol.protocol.id, 'Fremdpatientin', 'Fremdbagatell'],
      patients: ['Offenpatientin', 'Sperrpatient', 'Archivpatient', 'Orgsperrpatient', 'Bagatellpatient', 'Fremdpatientin', 'Fremdbagatell'],
      sealed: ['Siegelpatientin', 'Sieglinde'],
      teamPatients: ['Offenpatientin', 'Sperrpatient', 'Orgsperrpatient', 'Bagatellpatient'],
      pastWindow: ['Archivpatient'],
      clinical: [clinicalMarker],
    },
    smtpPort: options.smtpPort ?? null,
  };
  await setBlocked(world, 'services', toBlock.id, true);
  await setBlocked(world, 'organizations', locked.id, true);
  return world;
}
