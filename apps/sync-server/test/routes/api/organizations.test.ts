import { describe, expect, it } from 'vitest';
import { createOrganization, organizationFixture, organizationPayload, pendingInvitationId } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, InvitationListItem, Material, MemberListItem, OrganizationListItem } from '@sanidok/schema';
import { anyString } from '../../helpers/matchers';

describe('organisations', () => {
  it('makes the creator owner and validates with the spec messages', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const short = await owner.post('/api/organizations', await organizationPayload('AB'));
    expect(short.statusCode).toBe(400);
    expect(json<ApiErrorBody>(short).fields).toEqual({ name: 'Name muss mindestens 3 Zeichen lang sein' });
    const created = await owner.post('/api/organizations', await organizationPayload('DRK Musterstadt'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'DRK Musterstadt', role: 'owner', memberCount: 1 });
  });

  it('refuses public keys whose fingerprint does not match, and keys that are no keys', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const a = await organizationPayload('Eins');
    const b = await organizationPayload('Zwei');
    const mismatch = await owner.post('/api/organizations', { ...a, keyFingerprint: b.keyFingerprint });
    expect(mismatch.statusCode).toBe(400);
    expect(json<ApiErrorBody>(mismatch).message).toBe('Der Organisationsschlüssel ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.');
    expect((await owner.post('/api/organizations', { ...a, sealingPublicKey: 'x' })).statusCode).toBe(400);
    expect((await owner.post('/api/organizations', { name: 'Ohne Schlüssel' })).statusCode).toBe(400);
    expect((await owner.get('/api/organizations')).json()).toEqual([]);
  });
});

describe('invitations', () => {
  it('invites a registered user once; accepting creates the membership', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const karl = await registeredClient(app, 'karl');

    // The same answer for a name that does not exist (no username enumeration).
    const unknown = await owner.post(`/api/organizations/${id}/invite`, { username: 'niemand', role: 'member' });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json()).toEqual({ ok: true });
    const badRole = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl', role: 'owner' });
    expect(json<ApiErrorBody>(badRole).fields).toEqual({ role: 'Bitte wählen Sie eine Rolle' });
    const shortName = await owner.post(`/api/organizations/${id}/invite`, { username: 'ka', role: 'member' });
    expect(json<ApiErrorBody>(shortName).fields).toEqual({ username: 'Benutzername muss mindestens 3 Zeichen lang sein' });

    const invite = await owner.post(`/api/organizations/${id}/invite`, { username: 'KARL', role: 'admin' });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toEqual(unknown.json());
    // Asking again changes nothing and answers alike: one pending invitation, the first role.
    const again = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl', role: 'member' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(unknown.json());

    const invitationId = await pendingInvitationId(karl, id);
    const pending = json<InvitationListItem[]>(await karl.get('/api/invitations'));
    expect(pending).toEqual([{ id: invitationId, role: 'admin', createdAt: anyString(), expiresAt: anyString(), organization: { id, name: 'DRK Musterstadt' }, inviter: { username: 'olga' } }]);
    expect((await owner.post(`/api/invitations/${invitationId}/respond`, { response: 'accepted' })).statusCode).toBe(404);
    expect((await karl.post(`/api/invitations/${invitationId}/respond`, { response: 'vielleicht' })).statusCode).toBe(400);
    expect((await karl.post(`/api/invitations/${invitationId}/respond`, { response: 'accepted' })).json()).toEqual({ status: 'accepted' });
    // Answered already (say, on a second device): refused with the reason, in German.
    const twice = await karl.post(`/api/invitations/${invitationId}/respond`, { response: 'accepted' });
    expect(twice.statusCode).toBe(409);
    expect(json<ApiErrorBody>(twice).message).toBe('Diese Einladung gilt nicht mehr: Sie ist abgelaufen, wurde zurückgezogen oder schon beantwortet.');
    expect((await karl.get('/api/invitations')).json()).toEqual([]);

    const members = json<MemberListItem[]>(await owner.get(`/api/organizations/${id}/members`));
    expect(members.map((m: { role: string; user: { username: string } }) => [m.user.username, m.role])).toEqual([['olga', 'owner'], ['karl', 'admin']]);
    const existing = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl', role: 'member' });
    expect(existing.statusCode).toBe(409);
    expect(json<ApiErrorBody>(existing).message).toBe('Dieser Benutzer ist bereits Mitglied der Organisation.');
  });

  it('declining creates no membership, and a new invitation is possible afterwards', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const lisa = await registeredClient(app, 'lisa');
    await owner.post(`/api/organizations/${id}/invite`, { username: 'lisa' });
    const first = { id: await pendingInvitationId(lisa, id) };
    expect((await lisa.post(`/api/invitations/${String(first.id)}/respond`, { response: 'declined' })).json()).toEqual({ status: 'declined' });
    expect((await lisa.get(`/api/organizations/${id}/members`)).statusCode).toBe(404);
    expect((await owner.post(`/api/organizations/${id}/invite`, { username: 'lisa' })).statusCode).toBe(201);
  });
});

describe('removing members', () => {
  it('lets owner and admin remove non-owners, members leave, the owner stays', async () => {
    const app = await createTestApp();
    const f = await organizationFixture(app, new Client(app));
    const { owner, admin, member } = f.clients;
    const url = (userId: number) => `/api/organizations/${f.organizationId}/members/${userId}`;

    expect((await member.request({ method: 'DELETE', url: url(f.userIds.admin) })).statusCode).toBe(403);
    expect(json<ApiErrorBody>(await admin.request({ method: 'DELETE', url: url(f.userIds.owner) })).message).toBe('Der Inhaber kann nicht entfernt werden.');
    const ownerLeaves = await owner.request({ method: 'DELETE', url: url(f.userIds.owner) });
    expect(ownerLeaves.statusCode).toBe(403);
    expect(json<ApiErrorBody>(ownerLeaves).message).toBe('Der Inhaber kann die Organisation nicht verlassen.');
    expect((await admin.request({ method: 'DELETE', url: url(f.userIds.member) })).statusCode).toBe(200);
    expect((await member.get(`/api/organizations/${f.organizationId}/members`)).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: url(f.userIds.admin) })).statusCode).toBe(200);
    expect((await owner.request({ method: 'DELETE', url: url(f.userIds.outsider) })).statusCode).toBe(404);
    expect(json<OrganizationListItem[]>(await owner.get('/api/organizations'))[0]?.memberCount).toBe(1);
  });
});

describe('blocked organisation', () => {
  it('refuses invitations, acceptance and material changes with 423, but stays readable', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    await registeredClient(app, 'karl');
    const nina = await registeredClient(app, 'nina');
    await owner.post(`/api/organizations/${id}/invite`, { username: 'nina' });
    const invitation = { id: await pendingInvitationId(nina, id) };
    const material = json<Material>(await owner.post('/api/materials', { name: 'Kühlpack', unit: 'Stück', organizationId: id }));
    await app.db.updateTable('organizations').set({ isBlocked: 1 }).where('id', '=', id).execute();

    const invite = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl' });
    expect(invite.statusCode).toBe(423);
    expect(invite.json()).toEqual({ code: 'BLOCKED', message: 'Diese Organisation ist gesperrt. Änderungen sind nicht möglich.' });
    expect((await nina.post(`/api/invitations/${invitation.id}/respond`, { response: 'accepted' })).statusCode).toBe(423);
    expect((await nina.get(`/api/organizations/${id}/members`)).statusCode).toBe(404);
    expect((await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: id })).statusCode).toBe(423);
    expect((await owner.request({ method: 'DELETE', url: `/api/materials/${material.id}` })).statusCode).toBe(423);
    expect((await owner.get(`/api/organizations/${id}/members`)).statusCode).toBe(200);
    expect(json<OrganizationListItem[]>(await owner.get('/api/organizations'))[0]?.isBlocked).toBe(true);
  });
});

describe('device lock time', () => {
  it('the owner sets it, every member receives it with the organisation list and the pull, nobody else may change it', async () => {
    const app = await createTestApp();
    const f = await organizationFixture(app, new Client(app));
    const { owner, admin, member } = f.clients;
    const url = `/api/organizations/${f.organizationId}/lock-time`;
    const mine = async (client: Client) => json<OrganizationListItem[]>(await client.get('/api/organizations')).find((o) => o.id === f.organizationId);
    expect((await mine(member))?.lockAfterMinutes).toBe(5);

    for (const bad of [0, 31, 2.5, '10', null]) {
      const refused = await owner.put(url, { lockAfterMinutes: bad });
      expect(refused.statusCode).toBe(400);
      expect(json<ApiErrorBody>(refused).message).toBe('Bitte wählen Sie zwischen 1 und 30 Minuten.');
    }
    const byAdmin = await admin.put(url, { lockAfterMinutes: 30 });
    expect(byAdmin.statusCode).toBe(403);
    expect(json<ApiErrorBody>(byAdmin).message).toBe('Nur der Inhaber darf die Sperrzeit der Geräte festlegen.');

    const set = await owner.put(url, { lockAfterMinutes: 15 });
    expect(set.statusCode).toBe(200);
    expect(json<OrganizationListItem>(set).lockAfterMinutes).toBe(15);
    expect((await mine(member))?.lockAfterMinutes).toBe(15);
    const pulled = json<{ organizations: OrganizationListItem[] }>(await member.get('/api/sync/pull'));
    expect(pulled.organizations.find((o) => o.id === f.organizationId)?.lockAfterMinutes).toBe(15);
  });
});
