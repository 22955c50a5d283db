import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, createTestApp } from '../helpers/testApp';
import { json } from '../helpers/json';
import type { ApiErrorBody } from '@sanidok/schema';

const isGermanError = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { message: unknown }).message === 'string' && typeof (body as { code: unknown }).code === 'string';

describe('error contract', () => {
  it('answers malformed JSON with 400 and a German message', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "a",' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_JSON', message: 'Die Anfrage enthält kein gültiges JSON.' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Diese Schnittstelle gibt es nicht.' });
    expect((await app.inject({ method: 'DELETE', url: '/api/user', headers: { 'x-sanidok-client': 't' } })).statusCode).toBe(404);
  });

  it('never answers 500 to wrong types, huge strings, arrays, null or extra fields', async () => {
    const app = await createTestApp();
    const client = new Client(app);
    const payloads: unknown[] = [
      null, [], 'text', 42, true, { username: 1, password: {} }, { username: 'x'.repeat(100_000), password: 'y'.repeat(100_000) },
      { username: ['a'], email: { $gt: '' }, password: null }, { username: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', email: 'ü@ß.de', password: '\u0000\u0000\u0000\u0000\u0000\u0000' },
      { username: 'valid_name', email: 'v@example.de', password: 'Geheim-Sani-42', isAdmin: true, id: 99 },
    ];
    for (const url of ['/api/login', '/api/register', '/api/change-password']) {
      for (const payload of payloads) {
        const response = await client.request({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBeLessThan(500);
        expect(isGermanError(response.json()) || response.statusCode === 200).toBe(true);
      }
    }
    const admin = await app.db.selectFrom('users').select(['isAdmin', 'id']).where('username', '=', 'valid_name').executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ isAdmin: 0 });
    expect(admin.id).not.toBe(99);
  });

  it('answers oversized bodies with 413 and foreign content types with 415', async () => {
    const app = await createTestApp();
    const big = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(6 * 1024 * 1024)}"}` });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Die Anfrage ist zu groß.' });
    const xml = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml', 'x-sanidok-client': 't' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(json<ApiErrorBody>(xml).message).toBe('Nicht unterstütztes Datenformat. Bitte JSON senden.');
  });

  it('serves the PWA for unknown page paths and never for /api', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'sanidok-pwa-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SaniDok</title>');
    writeFileSync(path.join(staticDir, 'assets', 'app-abc.js'), 'console.log(1)');
    const app = await createTestApp({ staticDir });
    const page = await app.inject({ method: 'GET', url: '/irgendwo/tief' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SaniDok');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/api/nichts' })).headers['content-type']).toContain('application/json');
  });
});
