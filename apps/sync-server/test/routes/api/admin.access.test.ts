import { emailTemplateTypes } from '@sanidok/schema';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminClient, enableTotp } from '../../helpers/admin';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, PublicUser } from '@sanidok/schema';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every admin call of docs/spec/accounts.md §7 (plus summary and audit log), with a body that would be valid. */
const calls: { method: Method; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/summary' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/users?search=anna' },
  { method: 'GET', url: '/api/admin/organizations' },
  { method: 'GET', url: '/api/admin/services' },
  { method: 'GET', url: '/api/admin/archive-access-failures' },
  { method: 'GET', url: '/api/admin/audit-log' },
  { method: 'POST', url: '/api/admin/users/1/reset-password', body: { newPassword: 'neues-passwort' } },
  { method: 'PATCH', url: '/api/admin/users/1/block', body: { isBlocked: true } },
  { method: 'DELETE', url: '/api/admin/users/1' },
  { method: 'PATCH', url: '/api/admin/organizations/1/block', body: { isBlocked: true } },
  { method: 'DELETE', url: '/api/admin/organizations/1' },
  { method: 'PATCH', url: `/api/admin/services/${randomUUID()}/block`, body: { isBlocked: true } },
  { method: 'DELETE', url: `/api/admin/services/${randomUUID()}` },
  { method: 'GET', url: '/api/admin/beta-mode' },
  { method: 'POST', url: '/api/admin/beta-mode', body: { enabled: true } },
  { method: 'GET', url: '/api/admin/beta-codes' },
  { method: 'POST', url: '/api/admin/beta-codes/generate', body: { maxUses: 1 } },
  { method: 'PATCH', url: '/api/admin/beta-codes/1/toggle', body: { isActive: false } },
  { method: 'GET', url: '/api/admin/beta-code-usage' },
  { method: 'GET', url: '/api/admin/email-configurations' },
  { method: 'POST', url: '/api/admin/email-configurations', body: { name: 'X', host: 'localhost', username: 'x', fromEmail: 'x@example.de' } },
  { method: 'PATCH', url: '/api/admin/email-configurations/1', body: { isActive: true } },
  { method: 'DELETE', url: '/api/admin/email-configurations/1' },
  { method: 'POST', url: '/api/admin/test-email', body: { host: '127.0.0.1', port: 1, fromEmail: 'x@example.de' } },
  { method: 'POST', url: '/api/admin/email-configurations/1/send-test', body: { email: 'x@example.de' } },
  { method: 'GET', url: '/api/admin/email-templates' },
  { method: 'POST', url: '/api/admin/email-templates', body: { name: 'neu', subject: 'Betreff' } },
  { method: 'PATCH', url: '/api/admin/email-templates/1', body: { subject: 'Anders' } },
  { method: 'DELETE', url: '/api/admin/email-templates/1' },
  { method: 'GET', url: '/api/admin/email-templates/1/preview' },
  { method: 'GET', url: '/api/admin/email-logs' },
];

describe('admin calls refuse everyone but platform admins', () => {
  let app: FastifyInstance;
  let user: Client;

  beforeAll(async () => {
    app = await createTestApp();
    await adminClient(app);
    user = await registeredClient(app, 'anna');
  });

  for (const call of calls) {
    it(`${call.method} ${call.url}: 401 signed out, 403 for a user`, async () => {
      const anonymous = await new Client(app).request({ method: call.method, url: call.url, payload: call.body as never });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const refused = await user.request({ method: call.method, url: call.url, payload: call.body as never });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Dieser Bereich ist Plattform-Administratoren vorbehalten.', code: 'FORBIDDEN' });
    });
  }

  it('changed nothing and recorded every refused attempt of the signed-in user', async () => {
    const denied = await app.db.selectFrom('adminAuditLog').selectAll().where('action', '=', 'access_denied').execute();
    expect(denied).toHaveLength(calls.length);
    expect(denied[0]).toMatchObject({ actorUsername: 'anna', targetType: 'route', targetName: 'GET /api/admin/summary', ipAddress: '127.0.0.1' });
    expect(await app.db.selectFrom('betaInviteCodes').select('id').execute()).toHaveLength(0);
    expect(await app.db.selectFrom('emailConfigurations').select('id').execute()).toHaveLength(0);
    expect((await app.db.selectFrom('users').select('isBlocked').where('username', '=', 'plattform').executeTakeFirstOrThrow()).isBlocked).toBe(0);
    expect(await app.db.selectFrom('emailTemplates').select('id').execute()).toHaveLength(emailTemplateTypes.length);
  });

  it('lets a platform admin in, and keeps out an admin who was blocked meanwhile', async () => {
    const admin = await adminClient(app);
    expect((await admin.get('/api/admin/summary')).statusCode).toBe(200);
    const second = await registeredClient(app, 'zweit');
    await app.db.updateTable('users').set({ isAdmin: 1 }).where('username', '=', 'zweit').execute();
    // Two factors first (docs/security.md "Two factors"), then the admin area opens.
    expect(json<ApiErrorBody>(await second.get('/api/admin/users')).code).toBe('TOTP_SETUP_REQUIRED');
    await enableTotp(second, 'Geheim-Sani-42');
    expect((await second.get('/api/admin/users')).statusCode).toBe(200);
    const { id } = json<PublicUser>(await second.get('/api/user'));
    expect((await admin.patch(`/api/admin/users/${id}/block`, { isBlocked: true })).statusCode).toBe(200);
    expect((await second.get('/api/admin/users')).statusCode).toBe(401);
  });
});
