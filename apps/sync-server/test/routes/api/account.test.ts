import { describe, expect, it } from 'vitest';
import { Client, createTestApp, registeredClient, validRegistration } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, PublicUser } from '@sanidok/schema';

describe('account API', () => {
  it('answers 401 with a German message before sign-in, the user after registration', async () => {
    const app = await createTestApp();
    const client = new Client(app);
    const anonymous = await client.get('/api/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Nicht angemeldet. Bitte melden Sie sich an.' });

    const registered = await client.post('/api/register', { ...validRegistration('Anna'), fullName: 'Anna Muster' });
    expect(registered.statusCode).toBe(200);
    const user = json<PublicUser>(registered);
    expect(user).toMatchObject({ username: 'Anna', email: 'Anna@example.de', fullName: 'Anna Muster', isAdmin: false, isBlocked: false, totpEnabled: false });
    expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'fullName', 'id', 'isAdmin', 'isBlocked', 'totpEnabled', 'username']);
    expect(registered.body).not.toMatch(/password|argon2/i);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('refuses a username that differs only in case with 409', async () => {
    const app = await createTestApp();
    await registeredClient(app, 'Bernd');
    const response = await new Client(app).post('/api/register', validRegistration('bERND'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Dieser Benutzername ist bereits vergeben.' });
  });

  it('answers the German field messages of the shared schema', async () => {
    const app = await createTestApp();
    const response = await new Client(app).post('/api/register', { username: 'ca', email: 'kein-mail', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(json<ApiErrorBody>(response).fields).toEqual({
      username: 'Benutzername muss mindestens 3 Zeichen lang sein',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      password: 'Passwort muss mindestens 10 Zeichen lang sein',
    });
    const missing = await new Client(app).post('/api/register', { username: 'carla', password: 'Geheim-Sani-42' });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', message: 'E-Mail-Adresse ist erforderlich' });
    const login = await new Client(app).post('/api/login', {});
    expect(json<ApiErrorBody>(login).fields).toEqual({ username: 'Bitte geben Sie einen Benutzernamen ein', password: 'Bitte geben Sie Ihr Passwort ein' });
  });

  it('signs in with a browser-session cookie, or 14 days with rememberMe', async () => {
    const app = await createTestApp();
    await registeredClient(app, 'dora');
    const wrong = await new Client(app).post('/api/login', { username: 'dora', password: 'falsch123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Benutzername oder Passwort ist falsch.' });
    const unknown = await new Client(app).post('/api/login', { username: 'niemand', password: 'falsch123' });
    expect(json<ApiErrorBody>(unknown).message).toBe(json<ApiErrorBody>(wrong).message);

    const short = await new Client(app).post('/api/login', { username: 'DORA', password: 'Geheim-Sani-42' });
    expect(short.statusCode).toBe(200);
    const shortCookie = short.cookies.find((c) => c.name === 'sanidok_session');
    expect(shortCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(shortCookie?.maxAge).toBeUndefined();
    expect(shortCookie?.expires).toBeUndefined();

    const long = await new Client(app).post('/api/login', { username: 'dora', password: 'Geheim-Sani-42', rememberMe: true });
    expect(long.cookies.find((c) => c.name === 'sanidok_session')?.maxAge).toBe(14 * 24 * 3600);
  });

  it('destroys the session on the server at logout', async () => {
    const app = await createTestApp();
    const client = await registeredClient(app, 'emil');
    const stolen = new Client(app);
    Object.assign(stolen, { cookie: (client as unknown as { cookie: string }).cookie });
    expect((await stolen.get('/api/user')).statusCode).toBe(200);
    const logout = await client.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await stolen.get('/api/user')).statusCode).toBe(401);
  });

  it('changes the password, checks the current one and ends other sessions', async () => {
    const app = await createTestApp();
    const client = await registeredClient(app, 'frida');
    const other = new Client(app);
    await other.post('/api/login', { username: 'frida', password: 'Geheim-Sani-42' });

    const wrong = await client.post('/api/change-password', { currentPassword: 'falsch', newPassword: 'neues-Sani-Passwort-9' });
    expect(wrong.statusCode).toBe(400);
    expect(json<ApiErrorBody>(wrong).fields).toEqual({ currentPassword: 'Das aktuelle Passwort ist falsch.' });
    const short = await client.post('/api/change-password', { currentPassword: 'Geheim-Sani-42', newPassword: '123' });
    expect(json<ApiErrorBody>(short).fields).toEqual({ newPassword: 'Neues Passwort muss mindestens 10 Zeichen haben' });

    expect((await client.post('/api/change-password', { currentPassword: 'Geheim-Sani-42', newPassword: 'neues-Sani-Passwort-9' })).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await new Client(app).post('/api/login', { username: 'frida', password: 'Geheim-Sani-42' })).statusCode).toBe(401);
    expect((await new Client(app).post('/api/login', { username: 'frida', password: 'neues-Sani-Passwort-9' })).statusCode).toBe(200);
  });

  it('updates the profile with the spec messages and allows an empty email', async () => {
    const app = await createTestApp();
    const client = await registeredClient(app, 'gerd');
    const bad = await client.patch('/api/profile', { fullName: '', email: 'x@' });
    expect(json<ApiErrorBody>(bad).fields).toEqual({ fullName: 'Vollständiger Name ist erforderlich', email: 'Gültige E-Mail-Adresse erforderlich' });
    // A new (here: no) address takes the password.
    const withoutPassword = await client.patch('/api/profile', { fullName: 'Gerd Gans', email: '' });
    expect([withoutPassword.statusCode, json<ApiErrorBody>(withoutPassword).fields]).toEqual([400, { currentPassword: 'Das aktuelle Passwort ist falsch.' }]);
    const ok = await client.patch('/api/profile', { fullName: 'Gerd Gans', email: '', currentPassword: 'Geheim-Sani-42' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Gerd Gans', email: null });
    expect((await new Client(app).patch('/api/profile', { fullName: 'X', email: '' })).statusCode).toBe(401);
  });

  it('refuses sign-in to a blocked user with 403 and ends their sessions', async () => {
    const app = await createTestApp();
    const client = await registeredClient(app, 'hans');
    await app.db.updateTable('users').set({ isBlocked: 1 }).where('username', '=', 'hans').execute();
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const login = await new Client(app).post('/api/login', { username: 'hans', password: 'Geheim-Sani-42' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: 'BLOCKED', message: 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Administrator.' });
    const wrongPassword = await new Client(app).post('/api/login', { username: 'hans', password: 'falsch123' });
    expect(wrongPassword.statusCode).toBe(401);
  });

  it('stores only an Argon2id hash and a digest of the session token', async () => {
    const app = await createTestApp();
    const client = await registeredClient(app, 'ida');
    const row = await app.db.selectFrom('users').selectAll().where('username', '=', 'ida').executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await app.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    const cookie = (client as unknown as { cookie: string }).cookie;
    expect(cookie).not.toContain(session.id);
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
  });
});
