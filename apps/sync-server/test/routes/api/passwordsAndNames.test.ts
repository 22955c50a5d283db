import { describe, expect, it } from 'vitest';
import { passwordPolicyMessages } from '@sanidok/schema';
import { defaultInvitationLimits, purgeOldInvitationAttempts } from '../../../src/domain/organizations/invitationLimits';
import { createOrganization, organizationPayload } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient, validRegistration } from '../../helpers/testApp';

const common = passwordPolicyMessages.weak;

describe('passwords and names', () => {
  it('refuses short, blank and common passwords at registration and change, in German', async () => {
    const app = await createTestApp();
    const register = (password: string, username = 'paula') => new Client(app).post('/api/register', { ...validRegistration(username), password });
    const short = await register('123456');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION', fields: { password: 'Passwort muss mindestens 10 Zeichen lang sein' } });
    const blank = await register(' '.repeat(10));
    expect(blank.json()).toMatchObject({ code: 'VALIDATION', fields: { password: 'Das Passwort darf nicht nur aus Leerzeichen bestehen' } });
    for (const weak of ['1234567890', 'passwort123', 'qwertyuiop', 'aaaaaaaaaa', 'qwertzuiop', 'paula-2026']) {
      const refused = await register(weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json()).toEqual({ code: 'VALIDATION', message: common, fields: { password: common } });
    }
    expect((await new Client(app).post('/api/login', { username: 'paula', password: '1234567890' })).statusCode).toBe(401);

    const client = await registeredClient(app, 'paula');
    const change = await client.post('/api/change-password', { currentPassword: 'Geheim-Sani-42', newPassword: 'Password2024!' });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: 'VALIDATION', fields: { newPassword: common } });
  });

  it('refuses a look-alike of an existing username (Cyrillic о), in German', async () => {
    const app = await createTestApp();
    await registeredClient(app, 'olaf');
    const lookAlike = await new Client(app).post('/api/register', { ...validRegistration('\u043elaf'), email: 'olaf2@example.de' });
    expect(lookAlike.statusCode).toBe(409);
    expect(lookAlike.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Dieser Benutzername ist einem bereits vergebenen zum Verwechseln ähnlich. Bitte wählen Sie einen anderen.',
    });
    const row = await app.db.selectFrom('users').select(['usernameSkeleton']).where('usernameKey', '=', 'olaf').executeTakeFirstOrThrow();
    expect(row.usernameSkeleton).toBe('olaf');
    // The unique index holds even when the check before the insert is raced past.
    await registeredClient(app, 'olga');
    await expect(app.db.updateTable('users').set({ usernameSkeleton: 'olaf' }).where('usernameKey', '=', 'olga').execute()).rejects.toThrow(/UNIQUE|duplicate key/);
  });

  it('refuses organisation names with links, in German', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const refused = await owner.post('/api/organizations', await organizationPayload('Gewinn: sani-preis.de'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: unknown }>().fields).toEqual({ name: 'Der Name darf keine Internet- oder E-Mail-Adresse enthalten' });
  });

  it('limits invitations per inviter, counting unknown names too, in German', async () => {
    const app = await createTestApp({ invitationLimits: undefined });
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    for (let i = 0; i < defaultInvitationLimits.perInviter; i += 1) {
      expect((await owner.post(`/api/organizations/${id}/invite`, { username: `niemand${String(i)}` })).statusCode).not.toBe(429);
    }
    await registeredClient(app, 'karl');
    const limited = await owner.post(`/api/organizations/${id}/invite`, { username: 'karl' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Zu viele Einladungen in kurzer Zeit. Bitte versuchen Sie es in einer Stunde erneut.' });

    // The hourly job keeps only the daily window: attempts older than a day go, the others stay.
    const [first] = await app.db.selectFrom('invitationAttempts').select(['organizationId', 'inviterId']).execute();
    if (!first) throw new Error('keine Einladungsversuche gespeichert');
    const old = Array.from({ length: 3 }, () => ({ ...first, createdAt: '2020-01-01T00:00:00.000Z' }));
    await app.db.insertInto('invitationAttempts').values(old).execute();
    expect(await purgeOldInvitationAttempts(app.db)).toBe(3);
    expect((await app.db.selectFrom('invitationAttempts').select('id').execute()).length).toBe(defaultInvitationLimits.perInviter);
  });
});
