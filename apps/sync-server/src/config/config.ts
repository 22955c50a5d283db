import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment (see .env.example). Parsed once at start;
 * a wrong value ends the start with a German message naming the variable.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'erwartet true oder false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Names proxy-addr (Fastify's `trustProxy`) accepts besides addresses and CIDR ranges. */
const proxyPresets = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyPresets.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default (the client address is the socket's; `X-Forwarded-For` is ignored).
 * A number trusts that many proxy hops; a comma list trusts those addresses, CIDR ranges or
 * presets. `true` (trust every sender) is refused: it let any client forge its address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'off', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'erwartet die Anzahl der Proxys vor dem Server (1–10) oder ihre Adressen (z. B. 127.0.0.1,10.0.0.0/8); true wird nicht angenommen, weil es jedem Absender vertraut',
    });
    return z.NEVER;
  });

/**
 * DATABASE_URL: `file:PFAD` (embedded SQLite, the default) or `postgres://…` / `postgresql://…`
 * (PostgreSQL; docs/deployment.md). A URL that does not parse, or names no host or database, ends
 * the start here rather than as a connection error later.
 */
const databaseUrl = z
  .string()
  .trim()
  .refine((value) => {
    if (/^file:.+/.test(value)) return true;
    if (!/^postgres(ql)?:\/\//.test(value)) return false;
    try {
      const url = new URL(value);
      return url.hostname !== '' && url.pathname.length > 1;
    } catch {
      return false;
    }
  }, 'muss die Form file:PFAD (eingebettete SQLite-Datenbank) oder postgres://BENUTZER@HOST:PORT/DATENBANK haben');

const secret = z.string().min(32, 'muss mindestens 32 Zeichen lang sein');

export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: databaseUrl.default('file:./data/sanidok.db'),
  DATA_DIR: z.string().min(1).optional(),
  SESSION_SECRET: secret.optional(),
  DATA_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'muss 32 Byte base64url-kodiert sein (43 Zeichen)')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'muss mindestens 3 Zeichen lang sein').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'muss mindestens 6 Zeichen lang sein').optional(),
  APP_ORIGIN: z.url({ error: 'muss eine URL wie https://sanidok.example.de sein' }).optional(),
  COOKIE_SECURE: booleanish.optional(),
  TRUST_PROXY: trustProxy.default(false),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  STATIC_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** Limits of the board event streams (plugins/eventStream.ts, which holds the defaults). */
export interface EventStreamLimits {
  /** A stream ends after this long; the browser reconnects with Last-Event-ID. */
  lifetimeMs: number;
  keepAliveMs: number;
  /** Least time between two access checks triggered by events. */
  recheckMs: number;
  perUser: number;
  /** Open streams of all members of one organisation (one person's many accounts in it). */
  perOrganization: number;
  /** Open streams from one client address (one person's accounts in many organisations). */
  perAddress: number;
  total: number;
  maxBufferedBytes: number;
  /** The browser's reconnect delay (`retry:`). */
  retryMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Path of the SQLite file, or ':memory:'; unused when `postgresUrl` is set. */
  databasePath: string;
  /** DATABASE_URL when it names PostgreSQL (postgres://…); absent: SQLite at `databasePath`. */
  postgresUrl?: string;
  dataDir: string;
  sessionSecret: string;
  /** 32-byte key (base64url) for data encrypted at rest. */
  dataKey: string;
  admin?: { username: string; password: string };
  appOrigin?: string;
  cookieSecure: boolean;
  /**
   * Which proxies may name the client address (`X-Forwarded-For`): a hop count or addresses;
   * absent or false: none, the socket's address counts (rate limits, sessions, audit trail).
   */
  trustProxy?: false | number | string[];
  /** Sign-in and registration attempts per minute and client. */
  authRateLimit: number;
  /** Invitations per hour and inviter / organisation, per day and organisation; the defaults of domain/organizations/invitationLimits.ts when absent. */
  invitationLimits?: { perInviter: number; perOrganization: number; perOrganizationPerDay: number };
  /** Folder of the built PWA; absent in API-only tests. */
  staticDir?: string;
  logLevel: Env['LOG_LEVEL'];
  /** Board event streams (plugins/eventStream.ts); the defaults there when absent. Tests shorten the lifetime. */
  eventStreamLimits?: Partial<EventStreamLimits>;
}

export class ConfigError extends Error {}

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(clean);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  if (Boolean(parsed.ADMIN_USERNAME) !== Boolean(parsed.ADMIN_PASSWORD)) {
    throw new ConfigError('Ungültige Konfiguration:\n  ADMIN_USERNAME und ADMIN_PASSWORD müssen gemeinsam gesetzt werden');
  }
  if (parsed.DATABASE_URL.startsWith('postgres') && (!parsed.SESSION_SECRET || !parsed.DATA_KEY)) {
    // Several processes share one database: each must sign sessions and encrypt data alike, so the
    // secrets cannot be generated per process into its data folder.
    throw new ConfigError('Ungültige Konfiguration:\n  DATABASE_URL: mit PostgreSQL müssen SESSION_SECRET und DATA_KEY gesetzt sein (für alle Serverprozesse gleich)');
  }
  return parsed;
}

/**
 * TRUST_PROXY in the form Fastify's types take: a hop count as the function proxy-addr builds
 * for numbers (trust the first `hops` proxies counted from the server), addresses as they are.
 */
export function fastifyTrustProxy(setting: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined || setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** The address links in e-mails point to (password reset, confirmation, invitations). */
export const linkOrigin = (config: Pick<AppConfig, 'appOrigin' | 'port'>): string => config.appOrigin ?? `http://localhost:${String(config.port)}`;
