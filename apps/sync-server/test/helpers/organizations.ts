import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { json } from './json';
import type { Client } from './testApp';
import { registeredClient } from './testApp';

/** The payload the browser sends: public keys derived from a fresh secret, never the secret. */
export async function organizationPayload(name: string) {
  const keys = await deriveOrganizationKeys(generateOrganizationSecret());
  return { name, description: `${name} – Testorganisation`, ...publicKeysToBase64Url(keys) };
}

export async function createOrganization(client: Client, name = 'DRK Musterstadt'): Promise<{ id: number }> {
  const response = await client.post('/api/organizations', await organizationPayload(name));
  if (response.statusCode !== 201) throw new Error(`Organisation nicht angelegt: ${response.body}`);
  return json<{ id: number }>(response);
}

/**
 * The id of the invitee's pending invitation to `organizationId`, from the invitee's own list:
 * the inviter's answer carries no id (domain/organizations/commands.ts, inviteMember).
 */
export async function pendingInvitationId(
  invitee: { request: (options: InjectOptions) => Promise<LightMyRequestResponse> },
  organizationId: number,
): Promise<number> {
  const list = json<{ id: number; organization: { id: number } }[]>(await invitee.request({ method: 'GET', url: '/api/invitations' }));
  const invitation = list.find((i) => i.organization.id === organizationId);
  if (!invitation) throw new Error(`Keine offene Einladung in Organisation ${String(organizationId)}`);
  return invitation.id;
}

export async function addMember(app: FastifyInstance, owner: Client, organizationId: number, username: string, role: 'member' | 'admin' = 'member'): Promise<Client> {
  const client = await registeredClient(app, username);
  const invite = await owner.post(`/api/organizations/${organizationId}/invite`, { username, role });
  if (invite.statusCode !== 201) throw new Error(`Einladung fehlgeschlagen: ${invite.body}`);
  const accepted = await client.post(`/api/invitations/${String(await pendingInvitationId(client, organizationId))}/respond`, { response: 'accepted' });
  if (accepted.statusCode !== 200) throw new Error(`Annahme fehlgeschlagen: ${accepted.body}`);
  return client;
}

export interface OrganizationFixture {
  app: FastifyInstance;
  organizationId: number;
  otherOrganizationId: number;
  clients: Record<'owner' | 'admin' | 'member' | 'outsider' | 'anonymous', Client>;
  userIds: Record<'owner' | 'admin' | 'member' | 'outsider', number>;
}

/** Owner, admin and member of one organisation, plus the owner of another, plus nobody. */
export async function organizationFixture(app: FastifyInstance, anonymous: Client): Promise<OrganizationFixture> {
  const owner = await registeredClient(app, 'olga');
  const { id: organizationId } = await createOrganization(owner);
  const admin = await addMember(app, owner, organizationId, 'adam', 'admin');
  const member = await addMember(app, owner, organizationId, 'mona');
  const outsider = await registeredClient(app, 'otto');
  const { id: otherOrganizationId } = await createOrganization(outsider, 'ASB Nachbarort');
  const idOf = async (c: Client) => json<{ id: number }>(await c.get('/api/user')).id;
  return {
    app, organizationId, otherOrganizationId,
    clients: { owner, admin, member, outsider, anonymous },
    userIds: { owner: await idOf(owner), admin: await idOf(admin), member: await idOf(member), outsider: await idOf(outsider) },
  };
}
