import { z } from 'zod';

/**
 * Every setting of the server, read from the environment (see .env.example). Parsed once at start;
 * a wrong value ends the start with a German message naming the variable.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'erwartet true oder false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const secret = z.string().min(32, 'muss mindestens 32 Zeichen lang sein');

export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'muss eine Zahl sein' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, 'muss die Form file:PFAD haben (eingebettete SQLite-Datenbank)')
    .default('file:./data/sanidok.db'),
  SESSION_SECRET: secret.optional(),
  DATA_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'muss 32 Byte base64url-kodiert sein (43 Zeichen)')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'muss mindestens 3 Zeichen lang sein').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'muss mindestens 6 Zeichen lang sein').optional(),
  APP_ORIGIN: z.url({ error: 'muss eine URL wie https://sanidok.example.de sein' }).optional(),
  COOKIE_SECURE: booleanish.optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  STATIC_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  /** Path of the SQLite file, or ':memory:'. */
  databasePath: string;
  dataDir: string;
  sessionSecret: string;
  /** 32-byte key (base64url) for data encrypted at rest. */
  dataKey: string;
  admin?: { username: string; password: string };
  appOrigin?: string;
  cookieSecure: boolean;
  /** Sign-in and registration attempts per minute and client. */
  authRateLimit: number;
  /** Invitations per hour and inviter / organisation; the defaults of domain/organizations/invitationLimits.ts when absent. */
  invitationLimits?: { perInviter: number; perOrganization: number };
  /** Folder of the built PWA; absent in API-only tests. */
  staticDir?: string;
  logLevel: Env['LOG_LEVEL'];
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
  return parsed;
}
