import type { OperatorDetailsResponse } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { adminClient, auditActions } from '../../helpers/admin';
import { json } from '../../helpers/json';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

/** The operator on Impressum and Datenschutz, entered by a platform admin, read by anyone. */

const details = {
  name: 'Sanitätsdienst Musterstadt e. V.', address: 'Hauptstraße 1\n79379 Müllheim', email: 'info@example.org', phone: '07631 123456',
  representative: 'Max Muster (Vorstand)', registerDetails: '', dataProtectionOfficer: 'Erika Muster, datenschutz@example.org',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz Baden-Württemberg', processors: 'Hosting: Beispiel GmbH, Frankfurt',
};

describe('operator details', () => {
  it('are empty until a platform admin enters them; then anyone reads them without signing in', async () => {
    const app = await createTestApp();
    const anonymous = new Client(app);
    const empty = await anonymous.get('/api/legal/operator');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ operator: null });

    const admin = await adminClient(app);
    const saved = await admin.request({ method: 'PUT', url: '/api/admin/operator-details', payload: details });
    expect(saved.statusCode).toBe(200);
    const read = await anonymous.get('/api/legal/operator');
    expect(json<OperatorDetailsResponse>(read).operator).toEqual({ ...details, updatedAt: expect.any(String) as string });

    // A second save replaces the one row.
    await admin.request({ method: 'PUT', url: '/api/admin/operator-details', payload: { ...details, phone: '0761 999' } });
    expect(json<OperatorDetailsResponse>(await anonymous.get('/api/legal/operator')).operator?.phone).toBe('0761 999');
    expect(await app.db.selectFrom('operatorDetails').select('id').execute()).toEqual([{ id: 1 }]);
    expect(await auditActions(app)).toEqual(['operator_details.set', 'operator_details.set']);
  });

  it('names the operator\'s address as the contact of /.well-known/security.txt (RFC 9116), once entered', async () => {
    const app = await createTestApp({ appOrigin: 'https://sanidok.example.de' });
    const missing = await app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect([missing.statusCode, missing.body]).toEqual([404, 'Die Betreiberangaben fehlen noch: Ein Plattform-Administrator trägt sie im Verwaltungsbereich ein.\n']);
    await (await adminClient(app)).request({ method: 'PUT', url: '/api/admin/operator-details', payload: details });
    const response = await app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(response.body.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
    expect(fields).toMatchObject({ Contact: 'mailto:info@example.org', 'Preferred-Languages': 'de, en', Canonical: 'https://sanidok.example.de/.well-known/security.txt' });
    // Expires: an RFC 3339 time in the future, less than a year ahead.
    const expires = Date.parse(fields.Expires ?? '');
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
  });

  it('refuses incomplete details with German field messages and writes nothing', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const response = await admin.request({ method: 'PUT', url: '/api/admin/operator-details', payload: { ...details, name: ' ', email: 'keine-adresse' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { name: 'Bitte geben Sie den Namen des Betreibers ein', email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' },
    });
    expect(json<OperatorDetailsResponse>(await new Client(app).get('/api/legal/operator')).operator).toBeNull();
  });

  it('may be changed by platform admins only', async () => {
    const app = await createTestApp();
    const member = await registeredClient(app, 'anna');
    const response = await member.request({ method: 'PUT', url: '/api/admin/operator-details', payload: details });
    expect(response.statusCode).toBe(403);
    expect(json<OperatorDetailsResponse>(await new Client(app).get('/api/legal/operator')).operator).toBeNull();
  });
});
