import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');
export const serverScript = path.join(root, 'apps/sync-server/dist/server.js');
export const builtPwa = path.join(root, 'apps/pwa/dist');
export const ownAdmin = { username: 'fault-admin', password: 'fault-admin-passwort' };

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServerOptions {
  /** Serve a copy of the built PWA from this folder (STATIC_DIR) instead of apps/pwa/dist. */
  staticDir?: string;
  /** 'debug' makes Fastify log every incoming request (used to see a push arrive). */
  logLevel?: 'warn' | 'debug';
  /** Settings of this server beyond the defaults below (e.g. APP_ORIGIN and TRUST_PROXY behind a proxy). */
  env?: Record<string, string>;
}

/**
 * The built server as a child process of the test, on its own port and its own SQLite file, so a
 * test can SIGKILL it and start it again on the same database (the shared e2e server cannot).
 */
export class OwnServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'sanidok-e2e-'));
  readonly databasePath = path.join(this.dataDir, 'sanidok.db');
  private child: ChildProcess | null = null;
  private output = '';
  private lineListeners = new Set<(line: string) => void>();

  private constructor(
    readonly port: number,
    private readonly options: OwnServerOptions,
  ) {}

  static async start(options: OwnServerOptions = {}): Promise<OwnServer> {
    const server = new OwnServer(await freePort(), options);
    await server.launch();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Calls `listener` with every line the server prints from now on; returns the unsubscribe. */
  onLine(listener: (line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  async launch(): Promise<void> {
    if (this.child) throw new Error('Server läuft bereits');
    const child = spawn(process.execPath, [serverScript], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${this.databasePath}`,
        ADMIN_USERNAME: ownAdmin.username,
        ADMIN_PASSWORD: ownAdmin.password,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: this.options.logLevel ?? 'warn',
        ...(this.options.staticDir ? { STATIC_DIR: this.options.staticDir } : {}),
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let pending = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.output = (this.output + text).slice(-20_000);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) for (const listener of this.lineListeners) listener(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (this.child !== child) throw new Error(`Server beendet sich beim Start:\n${this.output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`Server antwortet nicht:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, an open SQLite transaction is cut off mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  get recentOutput(): string {
    return this.output;
  }
}

/** A private copy of the built PWA that a test may change (a new deployment). */
export function copyOfBuiltPwa(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sanidok-pwa-'));
  cpSync(builtPwa, folder, { recursive: true });
  return folder;
}
