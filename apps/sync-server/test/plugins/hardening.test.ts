import { encodeOrganizationSecret } from '@sanidok/crypto';
import { describe, expect, it } from 'vitest';
import { bodyGuardMessages, bodyLimits, carriesSecretText, inspectBody } from '../../src/domain/bodyGuard';
import { permissionsPolicy } from '../../src/plugins/security';
import { createTestApp, validRegistration } from '../helpers/testApp';

// Request hardening (docs/security.md, Requests): origin with scheme and port, Permissions-Policy,
// and the body guard's rules on their own. The routes and mutations: test/routes/api/bodyGuard.test.ts.

const secretText = encodeOrganizationSecret(Uint8Array.from({ length: 32 }, (_, i) => i));
const nested = (depth: number): unknown => {
  let value: unknown = 'innen';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('origin check: scheme, host and port of APP_ORIGIN', () => {
  it('refuses the right host under another scheme or port', async () => {
    const app = await createTestApp({ appOrigin: 'https://sanidok.example.de' });
    const register = (username: string, origin: string) =>
      app.inject({ method: 'POST', url: '/api/register', payload: validRegistration(username), headers: { origin, host: 'sanidok.example.de' } });
    for (const origin of ['http://sanidok.example.de', 'https://sanidok.example.de:8443', 'http://sanidok.example.de:443', 'null', 'kein-ursprung']) {
      const response = await register('tom', origin);
      expect([response.statusCode, response.json()], origin).toEqual([403, { code: 'ORIGIN_REJECTED', message: 'Anfrage von fremder Herkunft abgelehnt.' }]);
    }
    // The default port written out is the same origin.
    expect((await register('tom', 'https://sanidok.example.de:443')).statusCode).toBe(200);
    expect((await register('uwe', 'https://SANIDOK.example.de')).statusCode).toBe(200);
  });

  it('takes the own host and port under another host, and without APP_ORIGIN', async () => {
    const app = await createTestApp();
    const login = (origin: string, host: string) =>
      app.inject({ method: 'POST', url: '/api/logout', headers: { origin, host, 'x-sanidok-client': 'test' } });
    expect((await login('http://192.168.1.20:3000', '192.168.1.20:3000')).statusCode).toBe(200);
    expect((await login('http://192.168.1.20:3001', '192.168.1.20:3000')).statusCode).toBe(403);
    expect((await login('http://192.168.1.21:3000', '192.168.1.20:3000')).statusCode).toBe(403);
  });

  it('cannot be walked around with a percent-encoded path (the router decodes /%61pi to /api)', async () => {
    const app = await createTestApp({ appOrigin: 'https://sanidok.example.de' });
    const response = await app.inject({
      method: 'POST', url: '/%61pi/register', payload: validRegistration('eve'), headers: { origin: 'https://evil.example', host: 'sanidok.example.de' },
    });
    expect([response.statusCode, response.headers['cache-control']]).toEqual([403, 'no-store']);
    const unknown = await app.inject({ method: 'GET', url: '/%61pi/gibt-es-nicht' });
    expect([unknown.statusCode, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
  });
});

describe('Permissions-Policy', () => {
  it('allows the camera, clipboard writes and WebAuthn assertions to the app only, and nothing else it does not use', async () => {
    const app = await createTestApp();
    for (const url of ['/api/beta-mode', '/api/gibt-es-nicht', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toBe(permissionsPolicy);
    }
    const features: Record<string, string> = Object.fromEntries(permissionsPolicy.split(', ').map((entry) => entry.split('=') as [string, string]));
    expect(features).toMatchObject({ camera: '(self)', 'clipboard-write': '(self)', 'publickey-credentials-get': '(self)', geolocation: '()', microphone: '()', payment: '()', usb: '()' });
    expect(Object.entries(features).filter(([, allow]) => allow !== '()').map(([name]) => name)).toEqual(['camera', 'clipboard-write', 'publickey-credentials-get']);
  });
});

describe('body guard', () => {
  it('finds the secret text anywhere, in any layout, also mistyped when written as shown', () => {
    const compact = secretText.replace(/-/g, '');
    const spaced = secretText.replace(/-/g, ' ');
    const mistyped = secretText.slice(0, -1) + (secretText.endsWith('W') ? 'X' : 'W');
    // Glued to a letter or a dash before it, or to text after it, it is still the key.
    const glued = [`Schlüssel${secretText}`, `x${compact}y`, `-${secretText}-`, `Notiz:abc-${secretText.toLowerCase()}weiter`, `eyJhbGciOi${compact}AbC_d-e`];
    for (const text of [secretText, secretText.toLowerCase(), compact, `Schlüssel: ${secretText} bitte aufheben`, spaced, spaced.replace(/ /g, '\n'), secretText.replace(/-/g, '\u2013'), mistyped, ...glued]) {
      expect(carriesSecretText(text), text).toBe(true);
    }
    // Inside a base64url run (a sealed envelope) "sani1…" whose checksum does not add up is chance, not a key.
    const inEnvelope = `eyJhbGciOi${mistyped.replace(/-/g, '')}AbC_d-e`;
    for (const text of ['SANI1', 'Sani1 Team Nord hat heute Dienst auf dem Stadtfest mit vier Helfern und zwei Fahrzeugen', secretText.slice(0, 40), mistyped.replace(/-/g, ' '), inEnvelope, inEnvelope.toLowerCase()]) {
      expect(carriesSecretText(text), text).toBe(false);
    }
  });

  it('refuses deep, large and secret-carrying bodies, keys included, and passes the rest', () => {
    expect(inspectBody({ name: 'Stadtfest', materials: [{ id: 1, quantity: 2 }] })).toBeUndefined();
    expect(inspectBody(nested(bodyLimits.maxDepth))).toBeUndefined();
    expect(inspectBody(nested(bodyLimits.maxDepth + 1))).toBe('tooLarge');
    expect(inspectBody(nested(10_000))).toBe('tooLarge');
    expect(inspectBody({ ct: 'A'.repeat(200_000) })).toBeUndefined();
    expect(inspectBody({ text: 'A'.repeat(bodyLimits.maxLength) })).toBe('tooLarge');
    expect(inspectBody({ ids: Array.from({ length: 10_000 }, () => crypto.randomUUID()) })).toBeUndefined();
    expect(inspectBody(new Array(bodyLimits.maxValues).fill(0))).toBe('tooLarge');
    expect(inspectBody({ deep: [{ note: secretText }] })).toBe('secret');
    expect(inspectBody({ [secretText]: 1 })).toBe('secret');
    expect(bodyGuardMessages.secret).toContain('verlässt nie Ihren Browser');
  });
});
