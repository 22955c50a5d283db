import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from '@sanidok/crypto';
import type { AppConfig, Env } from './config';
import { ConfigError, parseEnv } from './config';

const secretsFile = 'secrets.json';

interface StoredSecrets {
  sessionSecret: string;
  dataKey: string;
}

/**
 * Secrets that the environment does not give are generated once and kept in the data folder
 * (mode 0600), so that sessions and encrypted data survive a restart.
 */
function loadOrCreateSecrets(dataDir: string, env: Env): StoredSecrets {
  const file = path.join(dataDir, secretsFile);
  let stored: Partial<StoredSecrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    } catch {
      throw new ConfigError(`Die Datei ${file} ist beschädigt. Bitte aus der Sicherung wiederherstellen.`);
    }
  }
  const secrets: StoredSecrets = {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret ?? randomToken(48),
    dataKey: env.DATA_KEY ?? stored.dataKey ?? randomToken(32),
  };
  const mustWrite =
    (!env.SESSION_SECRET && !stored.sessionSecret) || (!env.DATA_KEY && !stored.dataKey);
  if (mustWrite) {
    writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = parseEnv(env);
  const postgresUrl = parsed.DATABASE_URL.startsWith('postgres') ? parsed.DATABASE_URL : undefined;
  const rawPath = postgresUrl ? '' : parsed.DATABASE_URL.slice('file:'.length);
  const databasePath = rawPath === ':memory:' || rawPath === '' ? rawPath : path.resolve(cwd, rawPath);
  const defaultDataDir = rawPath === ':memory:' || rawPath === '' ? path.resolve(cwd, 'data') : path.dirname(databasePath);
  const dataDir = parsed.DATA_DIR ? path.resolve(cwd, parsed.DATA_DIR) : defaultDataDir;
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir, parsed);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databasePath,
    ...(postgresUrl ? { postgresUrl } : {}),
    dataDir,
    sessionSecret: secrets.sessionSecret,
    dataKey: secrets.dataKey,
    admin: parsed.ADMIN_USERNAME && parsed.ADMIN_PASSWORD
      ? { username: parsed.ADMIN_USERNAME, password: parsed.ADMIN_PASSWORD }
      : undefined,
    appOrigin: parsed.APP_ORIGIN ? new URL(parsed.APP_ORIGIN).origin : undefined,
    cookieSecure: parsed.COOKIE_SECURE ?? parsed.APP_ORIGIN?.startsWith('https:') ?? false,
    trustProxy: parsed.TRUST_PROXY,
    authRateLimit: parsed.AUTH_RATE_LIMIT,
    staticDir: parsed.STATIC_DIR ? path.resolve(cwd, parsed.STATIC_DIR) : undefined,
    logLevel: parsed.LOG_LEVEL,
  };
}
