import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Starts the real server entry (src/server.ts) and returns its exit code and error output. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sanidok-start-'));
  return new Promise((resolve) => {
    execFile(tsx, [path.join(root, 'src/server.ts')], { cwd, env: { PATH: process.env.PATH ?? '', PORT: '3218', LOG_LEVEL: 'silent', ...env }, timeout: 30_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
    });
  });
}

const secrets = { SESSION_SECRET: 's'.repeat(40), DATA_KEY: 'A'.repeat(43) };

describe('DATABASE_URL at start', () => {
  it('ends a malformed URL with exit 1 and a German message naming the variable', async () => {
    const result = await start({ DATABASE_URL: 'postgres://:5432', ...secrets });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Ungültige Konfiguration:\n {2}DATABASE_URL: muss die Form/);
  });

  it('ends an unreachable PostgreSQL with exit 1, naming the variable but not the password', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const result = await start({ DATABASE_URL: 'postgres://sanidok:streng-geheim@127.0.0.1:1/sanidok', ...secrets });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: PostgreSQL-Datenbank sanidok auf 127\.0\.0\.1:1 nicht erreichbar/);
    expect(result.stderr).not.toContain('streng-geheim');
  });
}, 60_000);
