import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createTcpServer, connect } from 'node:net';
import type { Server as TcpServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { AlternatingProxy } from './alternatingProxy';
import { startAlternatingProxy } from './alternatingProxy';
import { freePort, ownAdmin, serverScript } from './ownServer';

/** The PostgreSQL server the e2e run may create a database on (trust auth on the test machines). */
const adminUrl = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A TCP relay between the server processes and PostgreSQL: `cut(ms)` drops every connection and
 * refuses new ones for that long, as a database failover or a network outage would.
 */
export class DatabaseRelay {
  private readonly sockets = new Set<Socket>();
  private downUntil = 0;
  private server: TcpServer | undefined;

  private constructor(
    readonly port: number,
    private readonly target: URL,
  ) {}

  static async start(target: URL): Promise<DatabaseRelay> {
    const relay = new DatabaseRelay(await freePort(), target);
    await relay.listen();
    return relay;
  }

  private listen(): Promise<void> {
    const server = createTcpServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  private accept(client: Socket): void {
    if (Date.now() < this.downUntil) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** Drops every open connection and refuses new ones for `ms`. */
  cut(ms: number): void {
    this.downUntil = Date.now() + ms;
    for (const socket of this.sockets) socket.destroy();
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => {
      if (this.server) this.server.close(() => resolve());
      else resolve();
    });
  }
}

/**
 * Two built server processes on one fresh PostgreSQL database behind a small reverse proxy that
 * alternates between them request by request (docs/deployment.md). Same secrets for both, as a
 * deployment must give them; the proxy passes the Host header through, like a real one.
 */
export class TwoProcesses {
  readonly ports: number[] = [];
  private readonly children: (ChildProcess | undefined)[] = [];
  private secrets: Record<string, string> = {};
  private relay: DatabaseRelay | undefined;
  private output = '';
  private proxy: AlternatingProxy | undefined;

  private constructor(
    readonly database: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The database's URL, to read what the processes stored. */
  get databaseUrl(): string {
    const url = new URL(adminUrl);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  /** The processes' DATA_KEY, to open what they stored under it (./serverAtRest.ts). */
  get dataKey(): string {
    const key = this.secrets.DATA_KEY;
    if (!key) throw new Error('noch nicht gestartet');
    return key;
  }

  /** What the processes connect to: the database itself, or the relay in front of it. */
  private get serverDatabaseUrl(): string {
    const url = new URL(this.databaseUrl);
    if (this.relay) {
      url.hostname = '127.0.0.1';
      url.port = String(this.relay.port);
    }
    return url.toString();
  }

  /** The relay between the processes and PostgreSQL (`start({ relay: true })`). */
  get databaseRelay(): DatabaseRelay {
    if (!this.relay) throw new Error('ohne Relay gestartet');
    return this.relay;
  }

  static async start(options: { relay?: boolean } = {}): Promise<TwoProcesses> {
    const setup = new TwoProcesses(`sanidok_e2e_${randomBytes(5).toString('hex')}`, await freePort());
    await adminQuery(`create database ${setup.database}`);
    if (options.relay) setup.relay = await DatabaseRelay.start(new URL(adminUrl));
    setup.ports.push(await freePort(), await freePort());
    setup.secrets = { SESSION_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('base64url') };
    // Both start at once: the migrations run in one of them while the other waits (advisory lock).
    await Promise.all(setup.ports.map((_, index) => setup.launch(index)));
    setup.proxy = await startAlternatingProxy(setup.port, setup.ports);
    return setup;
  }

  /** Whether each process is still running (none may die of a database outage). */
  get running(): boolean[] {
    return this.ports.map((_, index) => {
      const child = this.children[index];
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    });
  }

  /** What the processes printed last (for a failing test's message). */
  get recentOutput(): string {
    return this.output;
  }

  /** `http://127.0.0.1:<port>` of one process, bypassing the proxy. */
  processUrl(index: number): string {
    return `http://127.0.0.1:${String(this.ports[index])}`;
  }

  /** SIGKILL: no shutdown hook runs; an open transaction is cut off where it stands. */
  async kill(index: number): Promise<void> {
    const child = this.children[index];
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async launch(index: number): Promise<void> {
    const port = this.ports[index] ?? 0;
    const child = spawn(process.execPath, [serverScript], {
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: this.serverDatabaseUrl, ...this.secrets,
        ADMIN_USERNAME: ownAdmin.username, ADMIN_PASSWORD: ownAdmin.password, AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children[index] = child;
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`Server beendet sich beim Start:\n${this.output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`Server antwortet nicht:\n${this.output}`);
  }

  /** Requests per process, and to /api/sync/… per process, through the proxy. */
  get hits(): number[] {
    return this.proxy?.hits ?? [];
  }

  get syncHits(): number[] {
    return this.proxy?.syncHits ?? [];
  }

  async dispose(): Promise<void> {
    await this.proxy?.close();
    await Promise.all(this.children.map((child) => new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    })));
    await this.relay?.close();
    await adminQuery(`drop database if exists ${this.database} with (force)`);
  }
}

/** Runs `read` on the database of the two processes. */
export async function withPostgres<T>(url: string, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
  }
}
