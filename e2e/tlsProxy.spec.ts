import { request } from 'node:http';
import { expect, test } from './support/consoleGuard';
import { CaddyProxy } from './support/caddyProxy';
import { freePort, OwnServer } from './support/ownServer';
import { registerViaUi, uniqueName } from './helpers';
import { launchOptions } from '../playwright.config';

/**
 * The built server behind Debian's Caddy with a local certificate, as docs/deployment.md sets it up:
 * APP_ORIGIN on https and TRUST_PROXY naming the proxy. The browser signs up through TLS and gets
 * only Secure cookies and HSTS; the sign-in limit counts each real client address (what Caddy puts
 * into X-Forwarded-For), not the proxy's, and a forged header changes nothing.
 */
const signInLimit = 3;

function signInPastTheProxy(port: number, forgedAddress: string): Promise<number> {
  const body = JSON.stringify({ username: uniqueName('niemand'), password: 'Falsch-Falsch-42' });
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: '127.0.0.1', port, localAddress: '127.0.0.4', method: 'POST', path: '/api/login',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-sanidok-client': 'e2e', 'x-forwarded-for': forgedAddress },
    }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

// The certificate comes from Caddy's local authority, made for this run and trusted nowhere. The
// context's ignoreHTTPSErrors does not reach Chromium's fetch of the service worker's script, so
// this file's browser ignores certificate errors (the Node requests below verify the chain).
test.use({ launchOptions: { ...launchOptions, args: [...launchOptions.args, '--ignore-certificate-errors'] } });

test.describe('Hinter einem TLS-Proxy (Caddy)', () => {
  let server: OwnServer;
  let proxy: CaddyProxy;

  test.beforeAll(async () => {
    // The server must know its public origin at start: the proxy's port is chosen first.
    const proxyPort = await freePort();
    server = await OwnServer.start({ env: { AUTH_RATE_LIMIT: String(signInLimit), TRUST_PROXY: '127.0.0.1', APP_ORIGIN: CaddyProxy.originAt(proxyPort) } });
    proxy = await CaddyProxy.start(server.port, proxyPort);
  });

  test.afterAll(async () => {
    await proxy.dispose();
    await server.dispose();
  });

  test('Registrieren über HTTPS: nur Secure-Cookies, HSTS, die App läuft', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: proxy.origin, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    try {
      const page = await context.newPage();
      const landing = await page.goto('/');
      expect(landing?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      await registerViaUi(page, uniqueName('tls'));
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      const cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith('sanidok'));
      expect(cookies.map((cookie) => cookie.name)).toContain('sanidok_session');
      for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('Die Anmeldegrenze zählt je echter Client-Adresse; ein gefälschtes X-Forwarded-For hilft nicht', async () => {
    const signIn = (from: string, headers: Record<string, string> = {}) =>
      proxy.send('POST', '/api/login', { from, headers, body: { username: uniqueName('niemand'), password: 'Falsch-Falsch-42' } });
    for (let attempt = 0; attempt < signInLimit; attempt += 1) expect((await signIn('127.0.0.2')).status).toBe(401);
    const refused = await signIn('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // Caddy replaces a client's X-Forwarded-For by the address it sees.
    expect((await signIn('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await signIn('127.0.0.3')).status).toBe(401);

    // Straight to the server from 127.0.0.4, past the proxy: a sender not named in TRUST_PROXY
    // cannot pick its address with a new X-Forwarded-For per request.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= signInLimit; attempt += 1) statuses.push(await signInPastTheProxy(server.port, `203.0.113.${String(attempt + 1)}`));
    expect(statuses).toEqual([...Array<number>(signInLimit).fill(401), 429]);
  });
});
