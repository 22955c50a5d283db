import type { AdminUser, ApiErrorBody, PublicUser } from '@sanidok/schema';
import { twoFactorMessages } from '@sanidok/schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../../src/domain/accounts/bootstrapAdmin';
import { adminClient, adminCredentials, enableTotp, freshTotpCode, totpCodeOf } from '../../helpers/admin';
import { json } from '../../helpers/json';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

const password = 'Geheim-Sani-42';
const error = (response: LightMyRequestResponse) => [response.statusCode, json<ApiErrorBody>(response).code, json<ApiErrorBody>(response).message];
/** Mails of two-factor changes sent (or logged as failed without SMTP) to `address`. */
async function twoFactorMails(app: FastifyInstance, address: string): Promise<number> {
  await app.mailer.flush();
  const logs = await app.db.selectFrom('emailLogs').select('id').where('templateName', '=', 'two_factor_changed').where('toEmail', '=', address).execute();
  return logs.length;
}

const wrongCodeOf = (secret: string) => String((Number(totpCodeOf(secret)) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in (TOTP)', () => {
  it('asks for the code after the right password, accepts it once, and refuses a wrong or reused one', async () => {
    const app = await createTestApp();
    const olga = await registeredClient(app, 'olga');
    const { secret, recoveryCodes } = await enableTotp(olga, password);
    expect(json<PublicUser>(await olga.get('/api/user')).totpEnabled).toBe(true);
    // As the privacy text says: the app's key encrypted, the recovery codes only as check values.
    const stored = JSON.stringify([
      await app.db.selectFrom('users').select(['totpSecret', 'totpPendingSecret']).where('username', '=', 'olga').execute(),
      await app.db.selectFrom('recoveryCodes').selectAll().execute(),
    ]);
    expect(stored).toMatch(/^\[\[\{"totpSecret":"v1\./);
    for (const plain of [secret, ...recoveryCodes, ...recoveryCodes.map((c) => c.replace('-', ''))]) expect(stored).not.toContain(plain);

    const fresh = new Client(app);
    expect(error(await fresh.post('/api/login', { username: 'olga', password }))).toEqual([401, 'TOTP_REQUIRED', twoFactorMessages.required]);
    expect(fresh.hasSession).toBe(false);
    const code = await freshTotpCode(app, 'olga', secret);
    const wrong = wrongCodeOf(secret);
    expect(error(await fresh.post('/api/login', { username: 'olga', password, totpCode: wrong }))).toEqual([401, 'TOTP_INVALID', twoFactorMessages.wrongCode]);
    expect(error(await fresh.post('/api/login', { username: 'olga', password, totpCode: 'kein code' }))).toEqual([401, 'TOTP_INVALID', twoFactorMessages.wrongCode]);
    expect((await fresh.post('/api/login', { username: 'olga', password, totpCode: code })).statusCode).toBe(200);
    // The same code again — seen over a shoulder — is refused, even with the password.
    expect(error(await new Client(app).post('/api/login', { username: 'olga', password, totpCode: code }))).toEqual([401, 'TOTP_INVALID', twoFactorMessages.wrongCode]);
    // A wrong password never reaches the second step: the answer does not tell that the account has two factors.
    expect(error(await new Client(app).post('/api/login', { username: 'olga', password: 'falsch-falsch', totpCode: code }))[1]).toBe('INVALID_CREDENTIALS');
  });

  it('counts wrong codes against the account: 429 after the free failures, even with the right code', async () => {
    const app = await createTestApp();
    const olga = await registeredClient(app, 'olga');
    const { secret } = await enableTotp(olga, password);
    const attacker = new Client(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await attacker.post('/api/login', { username: 'olga', password, totpCode: wrongCodeOf(secret) })).statusCode).toBe(401);
    }
    const locked = await attacker.post('/api/login', { username: 'olga', password, totpCode: await freshTotpCode(app, 'olga', secret) });
    expect(locked.statusCode).toBe(429);
    expect(json<ApiErrorBody>(locked).message).toMatch(/^Zu viele falsche Versuche\. Bitte versuchen Sie es in /);
  });

  it('lets each recovery code sign in once, and new codes void the old ones', async () => {
    const app = await createTestApp();
    const olga = await registeredClient(app, 'olga');
    const { secret, recoveryCodes } = await enableTotp(olga, password);
    expect(await twoFactorMails(app, 'olga@example.de')).toBe(1);
    const [first = '', second = ''] = recoveryCodes;
    expect((await new Client(app).post('/api/login', { username: 'olga', password, totpCode: first.toLowerCase() })).statusCode).toBe(200);
    // The holder hears of every recovery code used.
    expect(await twoFactorMails(app, 'olga@example.de')).toBe(2);
    expect((await new Client(app).post('/api/login', { username: 'olga', password, totpCode: first })).statusCode).toBe(401);

    const renewed = await olga.post('/api/account/totp/recovery-codes', { currentPassword: password, code: await freshTotpCode(app, 'olga', secret) });
    expect(renewed.statusCode).toBe(200);
    expect(json<{ recoveryCodes: string[] }>(renewed).recoveryCodes).toHaveLength(10);
    expect(error(await new Client(app).post('/api/login', { username: 'olga', password, totpCode: second }))[1]).toBe('TOTP_INVALID');
    expect(await twoFactorMails(app, 'olga@example.de')).toBe(3);
  });

  it('sets up only with the password, confirms only with a code of the new secret, and ends the other sessions', async () => {
    const app = await createTestApp();
    const olga = await registeredClient(app, 'olga');
    const other = new Client(app);
    expect((await other.post('/api/login', { username: 'olga', password })).statusCode).toBe(200);

    expect(error(await olga.post('/api/account/totp/setup', { currentPassword: 'falsch-falsch' }))).toEqual([400, 'VALIDATION', 'Das aktuelle Passwort ist falsch.']);
    expect(error(await olga.post('/api/account/totp/confirm', { code: '123456' }))).toEqual([409, 'CONFLICT', twoFactorMessages.noPendingSetup]);
    const setup = json<{ secret: string; otpauthUri: string }>(await olga.post('/api/account/totp/setup', { currentPassword: password }));
    expect(setup.otpauthUri).toContain('SaniDok:olga');
    expect(error(await olga.post('/api/account/totp/confirm', { code: wrongCodeOf(setup.secret) }))[1]).toBe('TOTP_INVALID');
    expect(json<PublicUser>(await olga.get('/api/user')).totpEnabled).toBe(false);
    expect((await olga.post('/api/account/totp/confirm', { code: totpCodeOf(setup.secret) })).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await olga.get('/api/user')).statusCode).toBe(200);
    // A second set-up (new phone) needs a current code as well.
    expect(error(await olga.post('/api/account/totp/setup', { currentPassword: password }))).toEqual([409, 'CONFLICT', twoFactorMessages.alreadyEnabled]);
    expect((await olga.post('/api/account/totp/setup', { currentPassword: password, code: await freshTotpCode(app, 'olga', setup.secret) })).statusCode).toBe(200);
  });

  it('switches off for a member with password and code, never for a platform admin', async () => {
    const app = await createTestApp();
    const olga = await registeredClient(app, 'olga');
    const { secret } = await enableTotp(olga, password);
    expect(error(await olga.post('/api/account/totp/disable', { currentPassword: password, code: '12' }))).toEqual([400, 'VALIDATION', twoFactorMessages.codeFormat]);
    expect((await olga.post('/api/account/totp/disable', { currentPassword: password, code: await freshTotpCode(app, 'olga', secret) })).statusCode).toBe(200);
    expect((await new Client(app).post('/api/login', { username: 'olga', password })).statusCode).toBe(200);
    expect(await twoFactorMails(app, 'olga@example.de')).toBe(2);

    const admin = await adminClient(app);
    const refused = await admin.post('/api/account/totp/disable', { currentPassword: adminCredentials.password, code: '123456' });
    expect(error(refused)).toEqual([403, 'FORBIDDEN', twoFactorMessages.adminCannotDisable]);
  });
});

describe('platform admins need two factors', () => {
  it('refuses every admin call until the admin has set up TOTP', async () => {
    const app = await createTestApp();
    await ensureFirstAdmin(app.db, { username: 'chefin', password: 'Admin-Passwort-1' });
    const admin = new Client(app);
    expect((await admin.post('/api/login', { username: 'chefin', password: 'Admin-Passwort-1' })).statusCode).toBe(200);
    for (const url of ['/api/admin/users', '/api/admin/alerts', '/api/admin/email-configurations']) {
      expect(error(await admin.get(url))).toEqual([403, 'TOTP_SETUP_REQUIRED', twoFactorMessages.setupRequired]);
    }
    await enableTotp(admin, 'Admin-Passwort-1');
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('keeps the second factor through a password reset by another admin: the new password alone does not sign in', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const olga = await registeredClient(app, 'olga');
    await enableTotp(olga, password);
    const olgaId = (await app.db.selectFrom('users').select('id').where('username', '=', 'olga').executeTakeFirstOrThrow()).id;
    expect((await admin.post(`/api/admin/users/${olgaId}/reset-password`, { newPassword: 'Uebernahme-2026!' })).statusCode).toBe(200);
    const intruder = new Client(app);
    expect(error(await intruder.post('/api/login', { username: 'olga', password: 'Uebernahme-2026!' }))[1]).toBe('TOTP_REQUIRED');
    expect(intruder.hasSession).toBe(false);
    const listed = json<AdminUser[]>(await admin.get('/api/admin/users?search=olga')).find((u) => u.id === olgaId);
    expect(listed?.totpEnabled).toBe(true);
  });
});
