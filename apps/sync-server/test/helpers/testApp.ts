import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config/config';
import { createTestDatabase } from './testDatabase';

/** Apps made in beforeAll live until the file ends; apps made in a test end with that test. */
const fileScoped: (() => Promise<void>)[] = [];

afterAll(async () => {
  while (fileScoped.length) await fileScoped.pop()?.();
});

export function onCleanup(cleanup: () => Promise<void>): void {
  try {
    onTestFinished(cleanup);
  } catch {
    fileScoped.push(cleanup);
  }
}

/**
 * A real app on a fresh database with the real migrations; removed after the test. SQLite by
 * default; with TEST_DATABASE_URL=postgres://… its own PostgreSQL database (./testDatabase.ts).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanidok-test-'));
  // An app given a postgresUrl shares that database (several processes, test/db/concurrentCursors.pg.test.ts).
  const postgres = overrides.postgresUrl ? undefined : await createTestDatabase();
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    databasePath: path.join(dataDir, 'test.db'),
    ...(postgres ? { postgresUrl: postgres.url } : {}),
    dataDir,
    sessionSecret: 'test-session-secret-test-session-secret-0123',
    dataKey: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    cookieSecure: false,
    authRateLimit: 1000,
    // Fixtures invite many members; test/routes/api/passwordsAndNames.test.ts checks the real limits.
    invitationLimits: { perInviter: 1000, perOrganization: 1000, perOrganizationPerDay: 1000 },
    logLevel: 'silent',
    // Board event streams end after a moment (the browser reconnects): inject() and the fuzzers get a finite reply.
    eventStreamLimits: { lifetimeMs: 300 },
    ...overrides,
  });
  onCleanup(async () => {
    await app.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** A cookie jar over inject(): keeps the session cookie between calls, like a browser. */
export class Client {
  private cookie: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    // Like the PWA, every call carries the client header that the Origin check accepts.
    const headers: Record<string, string> = { 'x-sanidok-client': 'test', ...(options.headers as Record<string, string> | undefined) };
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.app.inject({ ...options, headers });
    const setCookie = response.cookies.find((c) => c.name === 'sanidok_session');
    if (setCookie) this.cookie = setCookie.value ? `${setCookie.name}=${setCookie.value}` : undefined;
    return response;
  }

  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: unknown) => this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  patch = (url: string, payload?: unknown) => this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  put = (url: string, payload?: unknown) => this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });

  get hasSession(): boolean {
    return this.cookie !== undefined;
  }

  /** The `cookie` header this client sends (event-stream tests open a real socket with it). */
  get cookieHeader(): string | undefined {
    return this.cookie;
  }
}

export const validRegistration = (username = 'anna') => ({
  username,
  email: `${username}@example.de`,
  password: 'Geheim-Sani-42',
});

export async function registeredClient(app: FastifyInstance, username = 'anna'): Promise<Client> {
  const client = new Client(app);
  const response = await client.post('/api/register', validRegistration(username));
  if (response.statusCode !== 200) throw new Error(`Registrierung fehlgeschlagen: ${response.body}`);
  return client;
}
