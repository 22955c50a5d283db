import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, InvitationListItem, OpenInvitationItem } from '@sanidok/schema';
import { issueAccountToken } from '../../../src/domain/accounts/accountTokens';
import { del } from '../../helpers/admin';
import { json } from '../../helpers/json';
import { anyString } from '../../helpers/matchers';
import { createOrganization } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient, validRegistration } from '../../helpers/testApp';

const closedMessage = 'Diese Einladung gilt nicht mehr: Sie ist abgelaufen, wurde zurückgezogen oder schon beantwortet.';

async function invitationMails(app: FastifyInstance, template: string): Promise<string[]> {
  await app.mailer.flush();
  return (await app.db.selectFrom('emailLogs').select('toEmail').where('templateName', '=', template).orderBy('id').execute()).map((r) => r.toEmail);
}

/** Confirms the account's address the way its mailed link does (domain/accounts/emailVerification.ts). */
async function confirmAddress(app: FastifyInstance, client: Client, username: string, email: string): Promise<void> {
  const user = await app.db.selectFrom('users').select('id').where('usernameKey', '=', username).executeTakeFirstOrThrow();
  const { token } = await issueAccountToken(app.db, user.id, 'email_verification', { dataKey: app.config.dataKey, validMinutes: 60, claims: { email } });
  expect((await client.post('/api/account/email-verification/confirm', { token })).statusCode).toBe(200);
}

const mine = async (client: Client) => json<InvitationListItem[]>(await client.get('/api/invitations'));

describe('invitations that wait', () => {
  it('an invitation to a name nobody holds yet reaches whoever registers it, and can be accepted', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    await registeredClient(app, 'karl');
    // The same status and body for a name that exists and one that does not (no enumeration).
    const known = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl' });
    const unknown = await owner.post(`/api/organizations/${id}/invite`, { username: 'Neu.Ling', role: 'admin' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(unknown.statusCode).toBe(201);

    const open = json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${id}/invitations`));
    expect(open.map((o) => [o.invitee, o.kind, o.role, o.invitedBy, o.expired])).toEqual(
      expect.arrayContaining([['karl', 'username', 'member', 'olga', false], ['Neu.Ling', 'username', 'admin', 'olga', false]]),
    );
    // What the owner sees of both rows has the same fields: nothing says which name has an account.
    expect(open.map((o) => Object.keys(o).sort())).toEqual([Object.keys(open[0] ?? {}).sort(), Object.keys(open[0] ?? {}).sort()]);

    const newcomer = await registeredClient(app, 'neu.ling');
    const [invitation] = await mine(newcomer);
    expect(invitation).toEqual({ id: expect.any(Number) as number, role: 'admin', createdAt: anyString(), expiresAt: anyString(), organization: { id, name: 'DRK Musterstadt' }, inviter: { username: 'olga' } });
    expect((await newcomer.post(`/api/invitations/${String(invitation?.id)}/respond`, { response: 'accepted' })).json()).toEqual({ status: 'accepted' });
    expect((await newcomer.get('/api/organizations')).json<{ id: number; role: string }[]>().map((o) => [o.id, o.role])).toEqual([[id, 'admin']]);
    expect(json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${id}/invitations`)).map((o) => o.invitee)).toEqual(['karl']);
  });

  it('an invitation to an address reaches only an account that confirmed it; the mail goes to the address', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const invited = await owner.post(`/api/organizations/${id}/invite`, { email: ' Paula@Example.DE ', role: 'member' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({ ok: true });
    expect(await invitationMails(app, 'organization_invitation_email')).toEqual(['paula@example.de']);

    // Anyone can type any address into a profile: unconfirmed, it reaches nothing.
    const squatter = new Client(app);
    expect((await squatter.post('/api/register', { ...validRegistration('mallory'), email: 'paula@example.de' })).statusCode).toBe(200);
    expect(await mine(squatter)).toEqual([]);

    const paula = new Client(app);
    expect((await paula.post('/api/register', { ...validRegistration('paula'), email: 'PAULA@example.de' })).statusCode).toBe(200);
    expect(await mine(paula)).toEqual([]);
    await confirmAddress(app, paula, 'paula', 'PAULA@example.de');
    const [invitation] = await mine(paula);
    expect(invitation?.organization.id).toBe(id);
    // The squatter cannot answer it either: for them it does not exist.
    expect((await squatter.post(`/api/invitations/${String(invitation?.id)}/respond`, { response: 'accepted' })).statusCode).toBe(404);
    expect((await paula.post(`/api/invitations/${String(invitation?.id)}/respond`, { response: 'accepted' })).json()).toEqual({ status: 'accepted' });
  });

  it('revoked and expired invitations cannot be accepted, also not from a device that still shows them', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const karl = await registeredClient(app, 'karl');
    await owner.post(`/api/organizations/${id}/invite`, { username: 'karl' });
    const [shown] = await mine(karl);
    const [open] = json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${id}/invitations`));
    const revoked = await del(owner, `/api/organizations/${id}/invitations/${String(open?.id)}`);
    expect(revoked.json()).toEqual({ ok: true, message: 'Einladung zurückgezogen' });
    expect((await del(owner, `/api/organizations/${id}/invitations/${String(open?.id)}`)).statusCode).toBe(404);
    expect(await mine(karl)).toEqual([]);
    const refused = await karl.post(`/api/invitations/${String(shown?.id)}/respond`, { response: 'accepted' });
    expect([refused.statusCode, json<ApiErrorBody>(refused).message]).toEqual([409, closedMessage]);

    await owner.post(`/api/organizations/${id}/invite`, { username: 'karl' });
    const [again] = await mine(karl);
    await app.db.updateTable('organizationInvitations').set({ expiresAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', again?.id ?? 0).execute();
    expect(await mine(karl)).toEqual([]);
    const late = await karl.post(`/api/invitations/${String(again?.id)}/respond`, { response: 'accepted' });
    expect([late.statusCode, json<ApiErrorBody>(late).message]).toEqual([409, closedMessage]);
    const [expired] = json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${id}/invitations`));
    expect(expired?.expired).toBe(true);

    // Sending it again renews it.
    await app.db.updateTable('organizationInvitations').set({ lastSentAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', again?.id ?? 0).execute();
    const resent = await owner.post(`/api/organizations/${id}/invitations/${String(again?.id)}/resend`);
    expect(resent.json()).toEqual({ ok: true, message: 'Einladung erneut versendet' });
    expect((await karl.post(`/api/invitations/${String(again?.id)}/respond`, { response: 'declined' })).json()).toEqual({ status: 'declined' });
  });

  it('only owner and admins see and manage the open invitations', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const member = await registeredClient(app, 'mia');
    await owner.post(`/api/organizations/${id}/invite`, { username: 'mia' });
    await member.post(`/api/invitations/${String((await mine(member))[0]?.id)}/respond`, { response: 'accepted' });
    const outsider = await registeredClient(app, 'otto');
    await owner.post(`/api/organizations/${id}/invite`, { email: 'gast@example.de' });
    const [open] = json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${id}/invitations`));
    for (const [client, status] of [[member, 403], [outsider, 404]] as const) {
      expect((await client.get(`/api/organizations/${id}/invitations`)).statusCode).toBe(status);
      expect((await client.post(`/api/organizations/${id}/invitations/${String(open?.id)}/resend`)).statusCode).toBe(status);
      expect((await del(client, `/api/organizations/${id}/invitations/${String(open?.id)}`)).statusCode).toBe(status);
    }
    expect((await owner.get(`/api/organizations/${id}/invitations`)).json()).toHaveLength(1);
  });

  it('mails one address at most once per pause, refuses an early resend, and limits invitations per organisation and day', async () => {
    const app = await createTestApp({ invitationLimits: { perInviter: 1000, perOrganization: 1000, perOrganizationPerDay: 4 } });
    const owner = await registeredClient(app, 'olga');
    const first = await createOrganization(owner);
    const second = await createOrganization(owner, 'ASB Nachbarstadt');
    await owner.post(`/api/organizations/${first.id}/invite`, { email: 'gast@example.de' });
    await owner.post(`/api/organizations/${second.id}/invite`, { email: 'GAST@example.de' });
    expect(await invitationMails(app, 'organization_invitation_email')).toEqual(['gast@example.de']);

    const [open] = json<OpenInvitationItem[]>(await owner.get(`/api/organizations/${first.id}/invitations`));
    const early = await owner.post(`/api/organizations/${first.id}/invitations/${String(open?.id)}/resend`);
    expect([early.statusCode, json<ApiErrorBody>(early).message]).toEqual([429, 'Diese Einladung wurde gerade erst versendet. Bitte warten Sie 10 Minuten.']);

    for (const name of ['eins', 'zwei', 'drei']) await owner.post(`/api/organizations/${first.id}/invite`, { username: name });
    const limited = await owner.post(`/api/organizations/${first.id}/invite`, { username: 'vier' });
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Ihre Organisation hat heute schon zu viele Einladungen versendet. Bitte versuchen Sie es morgen erneut.' });
    expect(limited.statusCode).toBe(429);
  });

  it('checks the invitee as username or address, in German', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    const both = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl', email: 'karl@example.de' });
    expect(json<ApiErrorBody>(both).fields).toEqual({ username: 'Bitte geben Sie einen Benutzernamen oder eine E-Mail-Adresse ein' });
    const bad = await owner.post(`/api/organizations/${id}/invite`, { email: 'kein-at' });
    expect(json<ApiErrorBody>(bad).fields).toEqual({ email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' });
  });
});
