import type { ApiErrorBody, PublicUser } from '@sanidok/schema';
import { emailVerificationMessages, passwordResetMessages } from '@sanidok/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { databaseText } from '../../helpers/protocols';
import type { TestSmtpServer } from '../../helpers/smtp';
import { appWithSmtp, startSmtpServer } from '../../helpers/smtp';
import { Client, registeredClient } from '../../helpers/testApp';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});

const setup = () => appWithSmtp(smtp, { appOrigin: 'https://sanidok.example.de' });

async function linkFor(app: Awaited<ReturnType<typeof setup>>, to: string): Promise<string> {
  await app.mailer.flush();
  const mail = smtp.received.filter((m) => m.envelopeTo.includes(to) && m.parsed.subject === 'SaniDok: E-Mail-Adresse bestätigen').at(-1);
  const link = /https:\/\/sanidok\.example\.de\/e-mail-bestaetigen\?token=(\S+)/.exec(mail?.parsed.text ?? '');
  if (!link?.[1]) throw new Error(`Keine Bestätigungs-E-Mail an ${to}`);
  return decodeURIComponent(link[1]);
}

const user = async (client: Client) => json<PublicUser>(await client.get('/api/user'));

describe('optional e-mail verification', () => {
  it('sends a link through real SMTP that confirms the address once, from any device', async () => {
    const app = await setup();
    const anna = await registeredClient(app, 'anna');
    expect((await user(anna)).emailVerified).toBe(false);
    const sent = await anna.post('/api/account/email-verification/request');
    expect([sent.statusCode, sent.json()]).toEqual([200, { ok: true, message: emailVerificationMessages.sent }]);
    const token = await linkFor(app, 'anna@example.de');
    expect(await databaseText(app)).not.toContain(token);

    // A password-reset link is no verification link, and the other way round.
    const crossed = await new Client(app).post('/api/password-reset/confirm', { token, newPassword: 'Neues-Passwort-2026' });
    expect(json<ApiErrorBody>(crossed).message).toBe(passwordResetMessages.tokenInvalid);

    const done = await new Client(app).post('/api/account/email-verification/confirm', { token });
    expect([done.statusCode, done.json()]).toEqual([200, { ok: true, message: emailVerificationMessages.done }]);
    expect((await user(anna)).emailVerified).toBe(true);
    const again = await new Client(app).post('/api/account/email-verification/confirm', { token });
    expect([again.statusCode, json<ApiErrorBody>(again).message]).toEqual([400, emailVerificationMessages.tokenInvalid]);
    const twice = await anna.post('/api/account/email-verification/request');
    expect([twice.statusCode, json<ApiErrorBody>(twice).message]).toEqual([409, emailVerificationMessages.alreadyVerified]);
  });

  it('un-confirms a changed address, and a link for the old address confirms nothing', async () => {
    const app = await setup();
    const anna = await registeredClient(app, 'anna');
    await anna.post('/api/account/email-verification/request');
    const oldLink = await linkFor(app, 'anna@example.de');
    expect((await anna.patch('/api/profile', { fullName: 'Anna', email: 'anna.neu@example.de', currentPassword: 'Geheim-Sani-42' })).statusCode).toBe(200);
    const stale = await new Client(app).post('/api/account/email-verification/confirm', { token: oldLink });
    expect(json<ApiErrorBody>(stale).message).toBe(emailVerificationMessages.tokenInvalid);

    await anna.post('/api/account/email-verification/request');
    expect((await new Client(app).post('/api/account/email-verification/confirm', { token: await linkFor(app, 'anna.neu@example.de') })).statusCode).toBe(200);
    expect((await user(anna)).emailVerified).toBe(true);
    // The same address saved again keeps the confirmation; another one loses it.
    await anna.patch('/api/profile', { fullName: 'Anna M.', email: 'anna.neu@example.de', currentPassword: 'Geheim-Sani-42' });
    expect((await user(anna)).emailVerified).toBe(true);
    await anna.patch('/api/profile', { fullName: 'Anna M.', email: 'anna.dritte@example.de', currentPassword: 'Geheim-Sani-42' });
    expect((await user(anna)).emailVerified).toBe(false);
  });

  it('refuses without an address, limits to 3 links an hour, and needs a session to ask', async () => {
    const app = await setup();
    const anna = await registeredClient(app, 'anna');
    for (let i = 0; i < 3; i += 1) expect((await anna.post('/api/account/email-verification/request')).statusCode).toBe(200);
    const limited = await anna.post('/api/account/email-verification/request');
    expect([limited.statusCode, json<ApiErrorBody>(limited).message]).toEqual([429, emailVerificationMessages.tooMany]);
    expect((await new Client(app).post('/api/account/email-verification/request')).statusCode).toBe(401);
    const bert = await registeredClient(app, 'bert');
    await bert.patch('/api/profile', { fullName: 'Bert', email: '', currentPassword: 'Geheim-Sani-42' });
    const none = await bert.post('/api/account/email-verification/request');
    expect([none.statusCode, json<ApiErrorBody>(none).message]).toEqual([400, emailVerificationMessages.noAddress]);
    const short = await new Client(app).post('/api/account/email-verification/confirm', { token: 'kurz' });
    expect([short.statusCode, json<ApiErrorBody>(short).message]).toEqual([400, emailVerificationMessages.tokenRequired]);
  });
});
