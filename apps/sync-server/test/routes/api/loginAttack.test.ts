import { describe, expect, it } from 'vitest';
import { knownAccountsCookieName } from '../../../src/plugins/loginThrottle';
import { rateLimitMessage } from '../../../src/plugins/rateLimit';
import { createOrganizationWithSecret, rotationBody } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * A client that forges a new `X-Forwarded-For` per request gets neither a fresh
 * address for the limit per address nor past the limit per account, and every refusal is German.
 */
interface ErrorBody {
  code: string;
  message: string;
}

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}` });
const lockedMessage = /^Zu viele falsche Versuche\. Bitte versuchen Sie es in (\d+ Sekunden?|\d+ Minuten) erneut\.$/;

async function guess(client: Client, username: string, password: string, i: number, cookie?: string) {
  return client.request({ method: 'POST', url: '/api/login', payload: { username, password }, headers: { ...forged(i), ...(cookie ? { cookie } : {}) } });
}

/** The signed cookie a browser keeps after signing into an account (plugins/loginThrottle.ts). */
function knownAccountsCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === knownAccountsCookieName);
  if (!cookie) throw new Error('kein Cookie der bekannten Konten');
  return `${cookie.name}=${cookie.value}`;
}

describe('logins under attack', () => {
  it('slows 60 forged-XFF guesses down per account, yet the owner\'s own browser still signs in (no lockout)', async () => {
    // The proxy is trusted (the inject address), so each guess really arrives from a new address.
    const app = await createTestApp({ trustProxy: ['127.0.0.1'], authRateLimit: 1000 });
    await registeredClient(app, 'anna');
    const ownBrowser = knownAccountsCookie(await guess(new Client(app), 'anna', 'Geheim-Sani-42', 200));
    const attacker = new Client(app);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await guess(attacker, 'anna', `falsch-${i}`, i);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        const body = json<ErrorBody>(response);
        expect(body.code).toBe('RATE_LIMITED');
        expect(body.message).toMatch(lockedMessage);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      } else {
        expect(json(response)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Benutzername oder Passwort ist falsch.' });
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // While the account waits for unknown clients, the right password does not open it for them
    // (else the wait would only tell the attacker which guess was right), and the wait is short.
    const refused = await guess(attacker, 'anna', 'Geheim-Sani-42', 99);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
    // The owner's browser, from an address the attacker never used, is not kept out.
    expect((await guess(new Client(app), 'anna', 'Geheim-Sani-42', 201, ownBrowser)).statusCode).toBe(200);
    // A forged or foreign cookie does not help the attacker.
    expect((await guess(attacker, 'anna', 'Geheim-Sani-42', 98, `${knownAccountsCookieName}=s%3A%5B%22anna%22%5D.falsch`)).statusCode).toBe(429);
    // Another account is not affected.
    await registeredClient(app, 'bert');
    expect((await guess(new Client(app), 'bert', 'Geheim-Sani-42', 1)).statusCode).toBe(200);
  });

  it('slows one address spraying many accounts, and only that address', async () => {
    const app = await createTestApp({ authRateLimit: 1000 });
    await registeredClient(app, 'anna');
    const sprayer = new Client(app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      statuses.push((await sprayer.request({ method: 'POST', url: '/api/login', payload: { username: `konto${i}`, password: 'falsch' } })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // The same account from another address signs in.
    const other = await new Client(app).request({ method: 'POST', url: '/api/login', payload: { username: 'anna', password: 'Geheim-Sani-42' }, remoteAddress: '198.51.100.7' });
    expect(other.statusCode).toBe(200);
  });

  it('slows an unknown username from one address the same way, so a wait tells nothing about the account', async () => {
    const app = await createTestApp({ authRateLimit: 1000 });
    const attacker = new Client(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await guess(attacker, 'niemand', 'falsch', i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: forged addresses share one limit and stay out of the audit trail', async () => {
    const app = await createTestApp({ authRateLimit: 10 });
    await registeredClient(app, 'anna');
    const attacker = new Client(app);
    const statuses: number[] = [];
    // Different usernames, so only the limit per address can stop them.
    for (let i = 0; i < 60; i += 1) statuses.push((await guess(attacker, `konto${i}`, 'falsch', i)).statusCode);
    // 10 per minute and address (each route counts its own): the 11th is refused, whatever XFF says.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const refused = await guess(attacker, 'konto99', 'falsch', 99);
    expect([refused.statusCode, json(refused)]).toEqual([429, { code: 'RATE_LIMITED', message: rateLimitMessage }]);
    expect(refused.headers['retry-after']).toBeDefined();

    const sessions = await app.db.selectFrom('sessions').select('ipAddress').execute();
    expect(sessions.map((s) => s.ipAddress)).toEqual(['127.0.0.1']);
  });

  it('limits the password check of a password change per user', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const change = (currentPassword: string) => anna.post('/api/change-password', { currentPassword, newPassword: 'neues-geheim-123' });
    for (let i = 0; i < 5; i += 1) expect((await change('falsch')).statusCode).toBe(400);
    const locked = await change('Geheim-Sani-42');
    expect([locked.statusCode, json<ErrorBody>(locked).code]).toEqual([429, 'RATE_LIMITED']);
    expect(json<ErrorBody>(locked).message).toMatch(lockedMessage);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    // The account itself is not locked: signing in still works.
    expect((await new Client(app).post('/api/login', { username: 'anna', password: 'Geheim-Sani-42' })).statusCode).toBe(200);
  });

  it('limits the password check of a key rotation per user', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const { body } = await rotationBody(owner, org.id, org.secret);
    const rotate = (currentPassword: string) => owner.post(`/api/organizations/${org.id}/generate-key`, { ...body, currentPassword });
    for (let i = 0; i < 5; i += 1) expect((await rotate('falsch')).statusCode).toBe(400);
    const locked = await rotate('Geheim-Sani-42');
    expect([locked.statusCode, json<ErrorBody>(locked).code]).toEqual([429, 'RATE_LIMITED']);
    expect(json<ErrorBody>(locked).message).toMatch(lockedMessage);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('starts the count over after the right password', async () => {
    const app = await createTestApp({ authRateLimit: 1000 });
    await registeredClient(app, 'anna');
    const client = new Client(app);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await guess(client, 'anna', 'falsch', i)).statusCode).toBe(401);
      expect((await guess(client, 'anna', 'Geheim-Sani-42', 0)).statusCode).toBe(200);
    }
  });
});
