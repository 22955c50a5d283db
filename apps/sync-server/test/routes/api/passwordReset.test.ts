import type { ApiErrorBody } from '@sanidok/schema';
import { passwordResetMessages } from '@sanidok/schema';
import { SignJWT } from 'jose';
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

/** The link of the newest reset mail to `to`, read from the real SMTP server. */
async function linkFor(app: Awaited<ReturnType<typeof setup>>, to: string): Promise<string> {
  await app.mailer.flush();
  const mail = smtp.received.filter((m) => m.envelopeTo.includes(to) && m.parsed.subject === 'SaniDok: Passwort zurücksetzen').at(-1);
  const link = /https:\/\/sanidok\.example\.de\/passwort-zuruecksetzen\?token=(\S+)/.exec(mail?.parsed.text ?? '');
  if (!link?.[1]) throw new Error(`Keine Reset-E-Mail an ${to}`);
  return decodeURIComponent(link[1]);
}

const request = (client: Client, email: string) => client.post('/api/password-reset/request', { email });

describe('password reset by e-mail', () => {
  it('sends a link through real SMTP; the link sets the password once, ends every session and is then spent', async () => {
    const app = await setup();
    const anna = await registeredClient(app, 'anna');
    const answer = await request(new Client(app), 'ANNA@example.de');
    expect([answer.statusCode, answer.json()]).toEqual([200, { ok: true, message: passwordResetMessages.requested }]);
    const token = await linkFor(app, 'anna@example.de');
    // Only the digest is stored: the database holds no working link.
    expect(await databaseText(app)).not.toContain(token);

    const weak = await new Client(app).post('/api/password-reset/confirm', { token, newPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    const done = await new Client(app).post('/api/password-reset/confirm', { token, newPassword: 'Neues-Passwort-2026' });
    expect([done.statusCode, done.json()]).toEqual([200, { ok: true, message: passwordResetMessages.done }]);
    expect((await anna.get('/api/user')).statusCode).toBe(401);
    expect((await new Client(app).post('/api/login', { username: 'anna', password: 'Neues-Passwort-2026' })).statusCode).toBe(200);
    expect((await new Client(app).post('/api/login', { username: 'anna', password: 'Geheim-Sani-42' })).statusCode).toBe(401);

    const again = await new Client(app).post('/api/password-reset/confirm', { token, newPassword: 'Noch-ein-Passwort-9' });
    expect([again.statusCode, json<ApiErrorBody>(again).message]).toEqual([400, passwordResetMessages.tokenInvalid]);
  });

  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const app = await setup();
    await registeredClient(app, 'anna');
    await app.mailer.flush();
    const before = smtp.received.length;
    const known = await request(new Client(app), 'anna@example.de');
    const unknown = await request(new Client(app), 'niemand@example.de');
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await app.mailer.flush();
    const resetMails = smtp.received.slice(before).filter((m) => m.parsed.subject === 'SaniDok: Passwort zurücksetzen');
    expect(resetMails.flatMap((m) => m.envelopeTo)).toEqual(['anna@example.de']);
  });

  it('refuses forged, foreign-key, expired and other-purpose tokens, and an earlier link once a later one was used', async () => {
    const app = await setup();
    await registeredClient(app, 'anna');
    const annaId = (await app.db.selectFrom('users').select('id').where('username', '=', 'anna').executeTakeFirstOrThrow()).id;
    const confirm = (token: string) => new Client(app).post('/api/password-reset/confirm', { token, newPassword: 'Neues-Passwort-2026' });
    const sign = (key: Uint8Array, claims: Record<string, unknown>, expires: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('sanidok').setSubject(String(annaId)).setJti('x'.repeat(22)).setExpirationTime(expires).sign(key);
    const soon = Math.floor(Date.now() / 1000) + 600;
    const foreign = await sign(new Uint8Array(32).fill(7), { purpose: 'password_reset' }, soon);
    await request(new Client(app), 'anna@example.de');
    const first = await linkFor(app, 'anna@example.de');
    const [header, , signature] = first.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ purpose: 'password_reset', sub: '1', iss: 'sanidok', exp: soon })).toString('base64url')}.${signature}`;
    for (const token of [foreign, tampered, 'a'.repeat(40), `${first}x`]) {
      const refused = await confirm(token);
      expect([refused.statusCode, json<ApiErrorBody>(refused).message], token).toEqual([400, passwordResetMessages.tokenInvalid]);
    }
    // An expired row refuses although the signature is still good.
    await app.db.updateTable('accountTokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await confirm(first)).statusCode).toBe(400);
    await request(new Client(app), 'anna@example.de');
    const second = await linkFor(app, 'anna@example.de');
    await request(new Client(app), 'anna@example.de');
    const third = await linkFor(app, 'anna@example.de');
    expect((await confirm(third)).statusCode).toBe(200);
    expect((await confirm(second)).statusCode).toBe(400);
  });

  it('limits requests per address and per client address, with the same answer for unknown addresses', async () => {
    const app = await setup();
    const client = new Client(app);
    for (let i = 0; i < 3; i += 1) expect((await request(client, 'niemand@example.de')).statusCode).toBe(200);
    const limited = await request(client, 'niemand@example.de');
    expect([limited.statusCode, json<ApiErrorBody>(limited).message]).toEqual([429, passwordResetMessages.tooMany]);
    for (let i = 0; i < 6; i += 1) expect((await request(client, `person${i}@example.de`)).statusCode).toBe(200);
    const perClient = await request(client, 'noch-jemand@example.de');
    expect(perClient.statusCode).toBe(429);
  });

  it('sends no link to a blocked account', async () => {
    const app = await setup();
    await registeredClient(app, 'anna');
    await app.db.updateTable('users').set({ isBlocked: 1 }).where('username', '=', 'anna').execute();
    await app.mailer.flush();
    const before = smtp.received.length;
    expect((await request(new Client(app), 'anna@example.de')).statusCode).toBe(200);
    await app.mailer.flush();
    expect(smtp.received.length).toBe(before);
  });
});
