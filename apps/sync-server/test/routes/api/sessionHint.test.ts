import { describe, expect, it } from 'vitest';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

// The readable companion of the session cookie (docs/decisions.md, "Session probe only with a hint").
describe('session hint cookie', () => {
  it('comes with every session, with the session cookie’s lifetime, and goes at logout', async () => {
    const app = await createTestApp();
    await registeredClient(app, 'hanna');

    const short = await new Client(app).post('/api/login', { username: 'hanna', password: 'Geheim-Sani-42' });
    expect(short.statusCode).toBe(200);
    const shortHint = short.cookies.find((c) => c.name === 'sanidok_signed_in');
    expect(shortHint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(shortHint?.httpOnly).toBeUndefined();
    expect(shortHint?.maxAge).toBeUndefined();

    const longClient = new Client(app);
    const long = await longClient.post('/api/login', { username: 'hanna', password: 'Geheim-Sani-42', rememberMe: true });
    expect(long.cookies.find((c) => c.name === 'sanidok_signed_in')?.maxAge).toBe(14 * 24 * 3600);

    const logout = await longClient.post('/api/logout');
    const cleared = logout.cookies.find((c) => c.name === 'sanidok_signed_in');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is set at registration too', async () => {
    const app = await createTestApp();
    const response = await new Client(app).post('/api/register', { username: 'ida', email: 'ida@example.de', password: 'Geheim-Sani-42' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sanidok_signed_in')?.value).toBe('1');
  });
});
