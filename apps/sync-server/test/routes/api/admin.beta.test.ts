import { betaCodePattern } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { adminClient, auditActions } from '../../helpers/admin';
import { Client, createTestApp, validRegistration } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, BetaCodeItem, BetaCodeUsageItem, PublicUser } from '@sanidok/schema';

const register = (app: Parameters<typeof adminClient>[0], username: string, betaCode?: string) =>
  new Client(app).request({
    method: 'POST', url: '/api/register', payload: { ...validRegistration(username), ...(betaCode !== undefined && { betaCode }) }, headers: { 'user-agent': 'Beta-Test/1.0' },
  });

describe('admin: beta mode and codes', () => {
  it('toggles beta mode; the public registration follows', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    expect((await admin.get('/api/admin/beta-mode')).json()).toEqual({ betaModeEnabled: false });
    expect((await admin.post('/api/admin/beta-mode', { enabled: true })).json()).toEqual({ betaModeEnabled: true });
    expect((await new Client(app).get('/api/beta-mode')).json()).toEqual({ betaModeEnabled: true });
    expect((await register(app, 'ohne')).json()).toMatchObject({ code: 'BETA_CODE_REQUIRED' });
    expect((await admin.post('/api/admin/beta-mode', { enabled: 'ja' })).statusCode).toBe(400);
    expect((await admin.post('/api/admin/beta-mode', { enabled: false })).json()).toEqual({ betaModeEnabled: false });
    expect((await register(app, 'ohne')).statusCode).toBe(200);
    const setting = await app.db.selectFrom('systemSettings').selectAll().where('settingKey', '=', 'beta_mode_enabled').executeTakeFirstOrThrow();
    expect(setting.updatedById).toBe(json<PublicUser>(await admin.get('/api/user')).id);
    expect(await auditActions(app)).toEqual(['beta_mode.set', 'beta_mode.set']);
  });

  it('generates distinct BETA-XXXXXX-XXXXXX codes with maxUses ≥ 1, description and expiry', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await admin.post('/api/admin/beta-codes/generate', { description: 'Sanitätsdienst Nord', maxUses: 3, expiresAt });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ description: 'Sanitätsdienst Nord', maxUses: 3, usedCount: 0, isActive: true, expiresAt, creatorUsername: 'plattform' });
    expect(json<ApiErrorBody>(created).code).toMatch(betaCodePattern);
    expect(json<ApiErrorBody>(created).code).not.toMatch(/[01OI]/);

    const defaults = json<BetaCodeItem>(await admin.post('/api/admin/beta-codes/generate', {}));
    expect(defaults).toMatchObject({ maxUses: 1, description: null, expiresAt: null });
    const codes = new Set<string>([json<ApiErrorBody>(created).code, defaults.code]);
    for (let i = 0; i < 20; i += 1) codes.add(json<ApiErrorBody>(await admin.post('/api/admin/beta-codes/generate', { maxUses: 1 })).code);
    expect(codes.size).toBe(22);

    for (const [body, field, message] of [
      [{ maxUses: 0 }, 'maxUses', 'Die maximale Anzahl an Verwendungen muss mindestens 1 sein'],
      [{ maxUses: 1.5 }, 'maxUses', 'Bitte geben Sie eine ganze Zahl ein'],
      [{ expiresAt: '2020-01-01T00:00:00.000Z' }, 'expiresAt', 'Das Ablaufdatum muss in der Zukunft liegen'],
      [{ expiresAt: 'morgen' }, 'expiresAt', 'Ungültiges Ablaufdatum'],
    ] as const) {
      const response = await admin.post('/api/admin/beta-codes/generate', body);
      expect(response.statusCode).toBe(400);
      expect(json<ApiErrorBody>(response).fields?.[field]).toBe(message);
    }
    expect((await admin.get('/api/admin/beta-codes')).json()).toHaveLength(22);
  });

  it('refuses deactivated, used-up and expired codes at registration and lists each use', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    await admin.post('/api/admin/beta-mode', { enabled: true });
    const code = json<BetaCodeItem>(await admin.post('/api/admin/beta-codes/generate', { description: 'Zwei Plätze', maxUses: 2 }));

    expect(json(await admin.patch(`/api/admin/beta-codes/${code.id}/toggle`, { isActive: false }))).toMatchObject({ isActive: false });
    const inactive = await register(app, 'anna', code.code);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({ code: 'BETA_CODE_INVALID' });
    await admin.patch(`/api/admin/beta-codes/${code.id}/toggle`, { isActive: true });

    expect((await register(app, 'anna', code.code.toLowerCase())).statusCode).toBe(200);
    expect((await register(app, 'bernd', code.code)).statusCode).toBe(200);
    const usedUp = await register(app, 'carla', code.code);
    expect(usedUp.json()).toMatchObject({ code: 'BETA_CODE_INVALID', message: 'Der Beta-Code ist ungültig, abgelaufen oder bereits aufgebraucht.' });

    const expiring = json<BetaCodeItem>(await admin.post('/api/admin/beta-codes/generate', { expiresAt: new Date(Date.now() + 60_000).toISOString() }));
    await app.db.updateTable('betaInviteCodes').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expiring.id).execute();
    expect(json(await register(app, 'carla', expiring.code))).toMatchObject({ code: 'BETA_CODE_INVALID' });
    expect(await app.db.selectFrom('users').select('id').where('username', '=', 'carla').execute()).toHaveLength(0);

    expect(json<BetaCodeItem[]>(await admin.get('/api/admin/beta-codes')).find((c: { id: number }) => c.id === code.id)).toMatchObject({ usedCount: 2, maxUses: 2 });
    const usage = json<BetaCodeUsageItem[]>(await admin.get('/api/admin/beta-code-usage'));
    expect(usage).toEqual([
      expect.objectContaining({ username: 'bernd', email: 'bernd@example.de', code: code.code, codeDescription: 'Zwei Plätze', ipAddress: '127.0.0.1' }),
      expect.objectContaining({ username: 'anna', code: code.code }),
    ]);
    expect(Object.keys(usage[0] ?? {}).sort()).toEqual(['code', 'codeDescription', 'email', 'id', 'ipAddress', 'usedAt', 'username']);
    expect((await admin.patch('/api/admin/beta-codes/999/toggle', { isActive: false })).statusCode).toBe(404);
    await admin.post('/api/admin/beta-mode', { enabled: false });
  });
});
