import { describe, expect, it } from 'vitest';
import { adminClient, auditActions, del } from '../../helpers/admin';
import { createOrganization, pendingInvitationId } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { AdminUser, ApiErrorBody, PublicUser } from '@sanidok/schema';

async function setup() {
  const app = await createTestApp();
  const admin = await adminClient(app);
  const anna = await registeredClient(app, 'anna');
  const annaId = json<PublicUser>(await anna.get('/api/user')).id;
  return { app, admin, anna, annaId };
}

const login = (client: Client, username: string, password: string) => client.post('/api/login', { username, password });

describe('admin: users', () => {
  it('lists users with a server-side search, never a password hash, and counts in the summary', async () => {
    const { app, admin } = await setup();
    await registeredClient(app, 'bernd');
    await app.db.updateTable('users').set({ fullName: 'Jürgen Äpfelbaum' }).where('username', '=', 'bernd').execute();
    const all = await admin.get('/api/admin/users');
    expect(json<AdminUser[]>(all).map((u: { username: string }) => u.username)).toEqual(['anna', 'bernd', 'plattform']);
    expect(all.body).not.toMatch(/passwordHash|argon2/);
    expect(json<AdminUser[]>(all)[0]).toMatchObject({ username: 'anna', email: 'anna@example.de', isAdmin: false, isBlocked: false, organizationCount: 0, ownedOrganizations: [] });
    // German case rules: "äpfel" finds "Äpfelbaum" (SQLite's LIKE would not).
    expect(json<AdminUser[]>(await admin.get('/api/admin/users?search=%C3%A4pfel')).map((u: { username: string }) => u.username)).toEqual(['bernd']);
    expect((await admin.get('/api/admin/users?search=ANNA%40')).json()).toHaveLength(1);
    expect((await admin.get('/api/admin/users?search=niemand')).json()).toEqual([]);
    expect((await admin.get('/api/admin/summary')).json()).toEqual({ users: 3, blockedUsers: 0, organizations: 0, blockedOrganizations: 0, services: 0, activeServices: 0 });
  });

  it('resets a password (at least 10 characters) and ends the user’s sessions', async () => {
    const { app, admin, anna, annaId } = await setup();
    const short = await admin.post(`/api/admin/users/${annaId}/reset-password`, { newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ fields: { newPassword: 'Das neue Passwort muss mindestens 10 Zeichen lang sein' } });
    expect((await admin.post(`/api/admin/users/${annaId}/reset-password`, { newPassword: 'frisch-Sani-123' })).json()).toEqual({ ok: true });
    expect((await anna.get('/api/user')).statusCode).toBe(401);
    expect((await login(new Client(app), 'anna', 'Geheim-Sani-42')).statusCode).toBe(401);
    expect((await login(new Client(app), 'anna', 'frisch-Sani-123')).statusCode).toBe(200);
    expect((await admin.post('/api/admin/users/99999/reset-password', { newPassword: 'frisch-Sani-123' })).statusCode).toBe(404);
    expect(await auditActions(app)).toEqual(['user.password_reset']);
  });

  it('blocks: sessions end at once, sign-in is refused; unblocking lets the user back in', async () => {
    const { app, admin, anna, annaId } = await setup();
    const blocked = await admin.patch(`/api/admin/users/${annaId}/block`, { isBlocked: true, reason: 'Missbrauch' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: annaId, isBlocked: true });
    expect(await app.db.selectFrom('sessions').select('id').where('userId', '=', annaId).execute()).toHaveLength(0);
    expect((await anna.get('/api/user')).statusCode).toBe(401);
    const refused = await login(new Client(app), 'anna', 'Geheim-Sani-42');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BLOCKED', message: 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Administrator.' });
    expect((await admin.get('/api/admin/summary')).json()).toMatchObject({ blockedUsers: 1 });

    expect((await admin.patch(`/api/admin/users/${annaId}/block`, { isBlocked: false })).json()).toMatchObject({ isBlocked: false });
    expect((await login(new Client(app), 'anna', 'Geheim-Sani-42')).statusCode).toBe(200);
    const audit = await app.db.selectFrom('adminAuditLog').selectAll().orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['user.block', 'user.unblock']);
    expect(audit[0]).toMatchObject({ actorUsername: 'plattform', targetType: 'user', targetId: String(annaId), targetName: 'anna', details: JSON.stringify({ reason: 'Missbrauch' }) });
    expect(Date.parse(audit[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses to block or delete oneself', async () => {
    const { admin } = await setup();
    const me = json<PublicUser>(await admin.get('/api/user')).id;
    expect((await admin.patch(`/api/admin/users/${me}/block`, { isBlocked: true })).statusCode).toBe(409);
    expect((await del(admin, `/api/admin/users/${me}`)).json()).toMatchObject({ message: 'Sie können Ihr eigenes Konto nicht sperren oder löschen.' });
  });

  it('deletes a user with sessions and memberships, but not the owner of an organisation', async () => {
    const { app, admin, anna, annaId } = await setup();
    const { id: orgId } = await createOrganization(anna, 'DRK Annastadt');
    const owner = await del(admin, `/api/admin/users/${annaId}`);
    expect(owner.statusCode).toBe(409);
    expect(json<ApiErrorBody>(owner).message).toContain('„DRK Annastadt“');
    expect(json<AdminUser[]>(await admin.get('/api/admin/users?search=anna'))[0]).toMatchObject({ ownedOrganizations: ['DRK Annastadt'], organizationCount: 1 });

    const bernd = await registeredClient(app, 'bernd');
    const berndId = json<PublicUser>(await bernd.get('/api/user')).id;
    await anna.post(`/api/organizations/${orgId}/invite`, { username: 'bernd', role: 'member' });
    await bernd.post(`/api/invitations/${String(await pendingInvitationId(bernd, orgId))}/respond`, { response: 'accepted' });
    expect((await del(admin, `/api/admin/users/${berndId}`)).json()).toEqual({ ok: true });
    expect((await bernd.get('/api/user')).statusCode).toBe(401);
    expect(await app.db.selectFrom('organizationMembers').select('id').where('userId', '=', berndId).execute()).toHaveLength(0);
    expect(await app.db.selectFrom('users').select('id').where('id', '=', berndId).execute()).toHaveLength(0);
    expect((await del(admin, `/api/admin/users/${berndId}`)).statusCode).toBe(404);
    expect(await auditActions(app)).toEqual(['user.delete']);
  });
});
