import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import type { AppConfig } from '../../../src/config/config';
import { json } from '../../helpers/json';
import type { PublicUser } from '@sanidok/schema';

describe('sessions', () => {
  it('survive a restart of the server on the same database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanidok-restart-'));
    const config: AppConfig = {
      port: 0, host: '127.0.0.1', databasePath: path.join(dataDir, 'db.sqlite'), dataDir,
      sessionSecret: 'restart-secret-restart-secret-restart-secret', dataKey: 'B'.repeat(43),
      cookieSecure: false, authRateLimit: 100, logLevel: 'silent',
    };
    try {
      const first = await buildApp(config);
      const register = await first.inject({ method: 'POST', url: '/api/register', payload: { username: 'jana', email: 'jana@example.de', password: 'Geheim-Sani-42' } });
      const cookie = register.cookies.find((c) => c.name === 'sanidok_session');
      await first.close();

      const second = await buildApp(config);
      const me = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie: `sanidok_session=${cookie?.value}` } });
      expect(me.statusCode).toBe(200);
      expect(json<PublicUser>(me).username).toBe('jana');
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
