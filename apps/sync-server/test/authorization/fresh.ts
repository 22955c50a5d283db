import { randomUUID } from 'node:crypto';
import { createProtocolVia, dischargePayload } from '../helpers/protocols';
import { createServiceVia } from '../helpers/services';
import { organizationPayload } from '../helpers/organizations';
import { smtpCredentials } from '../helpers/smtp';
import { insertUser } from '../../src/domain/accounts/usersRepository';
import type { Requester, Scope, World } from './world';
import { endedDates, joinOrganization, ok, secondSession, setBlocked } from './world';

/**
 * Fresh resources for rows that change or use up what they work on (delete, archive, discharge,
 * remove, answer): each case gets its own, in the state of its scope, so cases do not depend on
 * each other's order.
 */

let counter = 0;
const next = () => ++counter;

/** Runs `create` with the scope's organisation unblocked for a moment: a blocked one takes nothing new. */
async function whileUnblocked<T>(world: World, scope: Scope, create: () => Promise<T>): Promise<T> {
  if (scope.state !== 'orgBlocked') return create();
  await setBlocked(world, 'organizations', scope.org.id, false);
  try {
    return await create();
  } finally {
    await setBlocked(world, 'organizations', scope.org.id, true);
  }
}

export interface FreshUser {
  id: number;
  username: string;
}

/**
 * A registered user who is nobody's member. Stored like a registration (same table, same
 * normalised name) with the stranger's password hash: an Argon2 hash per case would make the
 * matrix slow, and none of these users signs in with a password.
 */
export async function freshUser(world: World): Promise<FreshUser> {
  const template = await world.app.db.selectFrom('users').select('passwordHash').where('id', '=', world.users.stranger.id).executeTakeFirstOrThrow();
  const username = `ziel-${next()}`;
  const now = new Date().toISOString();
  const row = await insertUser(world.app.db, {
    username, passwordHash: template.passwordHash, email: `${username}@example.de`, fullName: null, isAdmin: 0, isBlocked: 0, createdAt: now, updatedAt: now,
  });
  return { id: row.id, username };
}

/** A new member (or admin) of the scope's organisation, with a signed-in session of their own. */
export async function freshMember(world: World, scope: Scope, role: 'member' | 'admin'): Promise<FreshUser & { session: Requester }> {
  const user = await freshUser(world);
  const session = await secondSession(world, user.id);
  await whileUnblocked(world, scope, () => joinOrganization(world.clients.owner, session, user.username, scope.org.id, role));
  return { ...user, session };
}

/** A pending invitation of the scope's organisation for `username`. */
export async function freshInvitation(world: World, scope: Scope, username: string): Promise<number> {
  return whileUnblocked(world, scope, async () => {
    ok(await world.clients.owner.post(`/api/organizations/${scope.org.id}/invite`, { username, role: 'member' }), 201);
    // The inviter's answer carries no id (same answer for unknown names): read it from the table.
    const row = await world.app.db
      .selectFrom('organizationInvitations').select('id')
      .where('organizationId', '=', scope.org.id).where('invitedUsername', '=', username).where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function freshMaterial(world: World, scope: Scope): Promise<number> {
  return whileUnblocked(world, scope, async () =>
    ok(await world.clients.owner.post('/api/materials', { name: `Einmalmaterial ${next()}`, unit: 'Stück', organizationId: scope.org.id }), 201).json<{ id: number }>().id);
}

/** A service in the scope's state; `ended` makes it over by time (archiving needs that). */
export async function freshService(world: World, scope: Scope, { ended = false } = {}): Promise<string> {
  const owner = world.clients.owner;
  const dates = ended || scope.state === 'archived' ? endedDates() : {};
  const { id } = await whileUnblocked(world, scope, () => createServiceVia(owner, scope.org.id, { name: `Einmaldienst ${next()}`, ...dates }));
  if (scope.state === 'archived') ok(await owner.request({ method: 'PATCH', url: `/api/services/${id}/archive` }));
  if (scope.state === 'serviceBlocked') await setBlocked(world, 'services', id, true);
  return id;
}

/** A minor treatment in the scope's state: written while its service takes entries, then the state is set. */
export async function freshMinorTreatment(world: World, scope: Scope): Promise<string> {
  const owner = world.clients.owner;
  const create = async (serviceId: string) =>
    ok(await owner.post('/api/minor-treatments', { serviceId, patientName: `Erika Matrix ${next()}`, description: 'Pflaster' }), 201).json<{ id: string }>().id;
  if (scope.state === 'serviceBlocked' || scope.state === 'archived') {
    const serviceId = await freshService(world, { ...scope, state: 'active' }, { ended: scope.state === 'archived' });
    const id = await create(serviceId);
    if (scope.state === 'archived') ok(await owner.request({ method: 'PATCH', url: `/api/services/${serviceId}/archive` }));
    else await setBlocked(world, 'services', serviceId, true);
    return id;
  }
  return whileUnblocked(world, scope, () => create(scope.serviceId));
}

/**
 * A vital-sign record or treatment entry on the scope's protocol, written straight to its table:
 * a discharged protocol (or one of an archived service) takes none through the API any more.
 */
export async function freshProtocolEntry(world: World, scope: Scope, table: 'vitalSignRecords' | 'treatmentEntries'): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const base = { id, protocolId: scope.protocolId, organizationId: scope.org.id, receivedAt: now, recordedById: world.users.owner.id, version: 0 };
  if (table === 'vitalSignRecords') await world.app.db.insertInto('vitalSignRecords').values({ ...base, recordedAt: now }).execute();
  else await world.app.db.insertInto('treatmentEntries').values({ ...base, time: '12:00', text: `Maßnahme ${next()}`, performer: 'helfer1', performerName: null, createdAt: now }).execute();
  return id;
}

/** An open protocol in the scope's state (blocked, archived service; discharged). */
export async function freshProtocol(world: World, scope: Scope): Promise<string> {
  const owner = world.clients.owner;
  if (scope.state === 'serviceBlocked' || scope.state === 'archived') {
    // The protocol is written first, then its own service gets the state.
    const serviceId = await freshService(world, { ...scope, state: 'active' }, { ended: scope.state === 'archived' });
    const { protocol } = await createProtocolVia(owner, serviceId);
    if (scope.state === 'archived') ok(await owner.request({ method: 'PATCH', url: `/api/services/${serviceId}/archive` }));
    else await setBlocked(world, 'services', serviceId, true);
    return protocol.id;
  }
  const { protocol } = await whileUnblocked(world, scope, () => createProtocolVia(owner, scope.serviceId));
  if (scope.state === 'discharged') ok(await owner.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload));
  return protocol.id;
}

// Targets of the admin area: the other owner's organisation, so the world's own stays as it is.

export async function freshForeignOrganization(world: World): Promise<number> {
  return ok(await world.clients.otherOwner.post('/api/organizations', await organizationPayload(`Kurzorganisation ${next()}`)), 201).json<{ id: number }>().id;
}

export async function freshForeignService(world: World): Promise<string> {
  return (await createServiceVia(world.clients.otherOwner, world.foreign.orgId, { name: `Kurzdienst ${next()}` })).id;
}

export async function freshBetaCode(world: World): Promise<number> {
  return ok(await world.clients.platformAdmin.post('/api/admin/beta-codes/generate', { maxUses: 1 }), 201).json<{ id: number }>().id;
}

/** An inactive SMTP configuration pointing at the file's test server. */
export function emailConfiguration(world: World) {
  if (world.smtpPort === null) throw new Error('Diese Datei hat keinen SMTP-Testserver gestartet');
  return {
    name: `Loopback ${next()}`, host: '127.0.0.1', port: world.smtpPort, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
    fromEmail: 'noreply@sanidok.example', fromName: 'SaniDok Matrix',
  };
}

export async function freshEmailConfiguration(world: World): Promise<number> {
  return ok(await world.clients.platformAdmin.post('/api/admin/email-configurations', emailConfiguration(world)), 201).json<{ id: number }>().id;
}

export async function freshEmailTemplate(world: World): Promise<number> {
  const body = { name: `vorlage-${next()}-${randomUUID().slice(0, 8)}`, subject: 'Hinweis für {{userName}}', textBody: 'Hallo {{userName}}' };
  return ok(await world.clients.platformAdmin.post('/api/admin/email-templates', body), 201).json<{ id: number }>().id;
}

/** A name no earlier case used. */
export const uniqueName = (prefix: string) => `${prefix} ${next()}`;

/**
 * A treatment template of the scope's organisation. Written straight into the table: templates
 * have no REST route, and pushing one as the owner would tie these cases to the create row.
 */
export async function freshTemplate(world: World, scope: Scope): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const { version } = await world.app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
  await world.app.db.insertInto('treatmentTemplates').values({
    id, organizationId: scope.org.id, name: `Vorlage ${next()}`, description: 'Pflaster geklebt', materialsJson: '[]',
    createdById: world.users.owner.id, createdAt: now, updatedAt: now, version,
  }).execute();
  return id;
}

/** A MANV incident on the scope's service, written straight into the table (no REST route; pushing would tie cases to the open row). */
export async function freshManvIncident(world: World, scope: Scope): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const { version } = await world.app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
  await world.app.db.insertInto('manvIncidents').values({
    id, serviceId: scope.serviceId, organizationId: scope.org.id, name: `MANV ${next()}`, startedAt: now, endedAt: null, blueEnabled: 0,
    createdById: world.users.owner.id, createdAt: now, version,
  }).execute();
  return id;
}

/** A MANV tag (no person data) in a fresh incident of the scope's service. */
export async function freshManvPatient(world: World, scope: Scope): Promise<string> {
  const incidentId = await freshManvIncident(world, scope);
  const id = randomUUID();
  const now = new Date().toISOString();
  const { version } = await world.app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
  await world.app.db.insertInto('manvPatients').values({
    id, incidentId, serviceId: scope.serviceId, organizationId: scope.org.id, tagNumber: `T${next()}`, treatmentArea: null, personEnc: null,
    duplicateOf: null, protocolId: null, transportJson: null, createdById: world.users.owner.id, createdAt: now, receivedAt: now, version,
  }).execute();
  return id;
}
