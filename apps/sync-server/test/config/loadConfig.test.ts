import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config';
import { loadConfig } from '../../src/config/loadConfig';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'sanidok-config-'));

describe('loadConfig', () => {
  it('uses the defaults and keeps generated secrets in the data folder', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databasePath: path.join(cwd, 'data', 'sanidok.db'), cookieSecure: false });
    const file = path.join(cwd, 'data', 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sessionSecret: config.sessionSecret, dataKey: config.dataKey });
    const again = loadConfig({}, cwd);
    expect(again.sessionSecret).toBe(config.sessionSecret);
    expect(again.dataKey).toBe(config.dataKey);
  });

  it('honours PORT, HOST, DATABASE_URL, APP_ORIGIN and the admin pair', () => {
    const cwd = tempDir();
    const config = loadConfig(
      { PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'file:./elsewhere/x.db', APP_ORIGIN: 'https://sani.example.de/', ADMIN_USERNAME: 'chefin', ADMIN_PASSWORD: 'sehrgeheim' },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080, host: '127.0.0.1', databasePath: path.join(cwd, 'elsewhere', 'x.db'),
      appOrigin: 'https://sani.example.de', cookieSecure: true, admin: { username: 'chefin', password: 'sehrgeheim' },
    });
  });

  it('takes DATABASE_URL=postgres://… with shared secrets, and names the variable without them', () => {
    const cwd = tempDir();
    const secrets = { SESSION_SECRET: 'x'.repeat(40), DATA_KEY: 'A'.repeat(43) };
    const config = loadConfig({ DATABASE_URL: 'postgres://sanidok@db.intern:5432/sanidok', DATA_DIR: './daten', ...secrets }, cwd);
    expect(config).toMatchObject({ postgresUrl: 'postgres://sanidok@db.intern:5432/sanidok', databasePath: '', dataDir: path.join(cwd, 'daten') });
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://sanidok@db.intern/sanidok' }, cwd)).toThrow(
      /DATABASE_URL: mit PostgreSQL müssen SESSION_SECRET und DATA_KEY gesetzt sein/,
    );
  });

  it('ends with a German message naming the variable when a value is wrong', () => {
    const cwd = tempDir();
    expect(() => loadConfig({ PORT: 'abc' }, cwd)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' }, cwd)).toThrow(/Ungültige Konfiguration:\n {2}PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x' }, cwd)).toThrow(/DATABASE_URL: muss die Form file:PFAD .* oder postgres:\/\/BENUTZER@HOST:PORT\/DATENBANK haben/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/sanidok' }, cwd)).toThrow(/DATABASE_URL: muss die Form/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db:99999/sanidok' }, cwd)).toThrow(/DATABASE_URL: muss die Form/);
    expect(() => loadConfig({ SESSION_SECRET: 'kurz' }, cwd)).toThrow(/SESSION_SECRET: muss mindestens 32 Zeichen lang sein/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'chefin' }, cwd)).toThrow(/ADMIN_USERNAME und ADMIN_PASSWORD/);
    expect(() => loadConfig({ COOKIE_SECURE: 'vielleicht' }, cwd)).toThrow(/COOKIE_SECURE: erwartet true oder false/);
  });
});
