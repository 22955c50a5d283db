import { verifyPassword } from '@sanidok/crypto';
import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../../src/domain/accounts/bootstrapAdmin';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

describe('first platform admin', () => {
  it('creates "admin" with a generated password once, and nothing while an admin exists', async () => {
    const app = await createTestApp();
    const result = await ensureFirstAdmin(app.db, undefined);
    expect(result).toMatchObject({ kind: 'created', username: 'admin' });
    const password = result.kind === 'created' ? result.generatedPassword : undefined;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const login = await new Client(app).post('/api/login', { username: 'admin', password });
    expect(login.json()).toMatchObject({ username: 'admin', isAdmin: true });
    expect(await ensureFirstAdmin(app.db, undefined)).toEqual({ kind: 'exists' });
  });

  it('takes ADMIN_USERNAME and ADMIN_PASSWORD, promoting an existing account of that name', async () => {
    const app = await createTestApp();
    await registeredClient(app, 'leitung');
    expect(await ensureFirstAdmin(app.db, { username: 'Leitung', password: 'Leitstelle-Nord-7' })).toEqual({ kind: 'created', username: 'Leitung', generatedPassword: undefined });
    const row = await app.db.selectFrom('users').selectAll().where('usernameKey', '=', 'leitung').executeTakeFirstOrThrow();
    expect(row.isAdmin).toBe(1);
    expect(await verifyPassword(row.passwordHash, 'Leitstelle-Nord-7')).toBe(true);
    expect((await app.db.selectFrom('users').select('id').execute()).length).toBe(1);
  });

  it('refuses a short or common ADMIN_PASSWORD with a German message naming the variable', async () => {
    const app = await createTestApp();
    for (const password of ['kurz12', 'password123', 'Sommer2024!']) {
      await expect(ensureFirstAdmin(app.db, { username: 'leitung', password })).rejects.toThrow(/ADMIN_PASSWORD: muss mindestens 10 Zeichen lang sein/);
    }
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });
});

describe('first platform admin, two processes at once', () => {
  it('starts both, with one admin (the insert race itself: e2e/twoProcesses.spec.ts on PostgreSQL)', async () => {
    const app = await createTestApp();
    // Both see no admin and hash off the event loop, so the two calls interleave.
    const credentials = { username: 'leitung', password: 'Leitstelle-Nord-7' };
    const results = await Promise.all([ensureFirstAdmin(app.db, credentials), ensureFirstAdmin(app.db, credentials)]);
    for (const result of results) expect(['created', 'exists']).toContain(result.kind);
    expect(await app.db.selectFrom('users').select('username').where('isAdmin', '=', 1).execute()).toEqual([{ username: 'leitung' }]);
  });
});
