import { describe, expect, it } from 'vitest';
import { createTestApp, validRegistration } from '../helpers/testApp';

describe('security', () => {
  it('refuses state-changing calls from a foreign origin and accepts its own', async () => {
    const app = await createTestApp({ appOrigin: 'https://sanidok.example.de' });
    const payload = validRegistration('tom');
    const foreign = await app.inject({ method: 'POST', url: '/api/register', payload, headers: { origin: 'https://boese.example.com' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'ORIGIN_REJECTED', message: 'Anfrage von fremder Herkunft abgelehnt.' });
    const configured = await app.inject({ method: 'POST', url: '/api/register', payload, headers: { origin: 'https://sanidok.example.de' } });
    expect(configured.statusCode).toBe(200);
    const sameHost = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'tom', password: 'Geheim-Sani-42' }, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameHost.statusCode).toBe(200);
  });

  it('refuses a form post without Origin, accepts JSON or the client header', async () => {
    const app = await createTestApp();
    const form = await app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
    expect(form.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: { 'x-sanidok-client': 'pwa' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', payload: {} })).statusCode).toBe(200);
  });

  it('sends the security headers', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/beta-mode' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('rate-limits sign-in with 429 and a German message', async () => {
    const app = await createTestApp({ authRateLimit: 3 });
    const attempt = () => app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: 'falsch123' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.' });
  });

  it('sets the Secure flag on the session cookie behind HTTPS', async () => {
    const app = await createTestApp({ cookieSecure: true });
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: validRegistration('uwe') });
    expect(response.cookies.find((c) => c.name === 'sanidok_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
