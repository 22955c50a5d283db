import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ownServer';

export interface TlsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Debian's Caddy as the TLS proxy in front of a server of the test (docs/deployment.md "Behind a
 * proxy"): HTTPS on loopback with Caddy's own local certificate authority, made for this run in a
 * temporary folder (nothing is installed into the system's trust store).
 */
export class CaddyProxy {
  private readonly folder = mkdtempSync(path.join(tmpdir(), 'sanidok-caddy-'));
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(readonly port: number) {}

  /** `port`: chosen beforehand when the server behind must know its public origin at start. */
  static async start(upstreamPort: number, port?: number): Promise<CaddyProxy> {
    const proxy = new CaddyProxy(port ?? (await freePort()));
    await proxy.launch(upstreamPort);
    return proxy;
  }

  static originAt(port: number): string {
    return `https://localhost:${port}`;
  }

  get origin(): string {
    return CaddyProxy.originAt(this.port);
  }

  private rootPem: string | undefined;

  /** The root certificate of Caddy's local authority (made at its first start): a client that trusts it checks the chain for real. */
  get rootCertificate(): string {
    this.rootPem ??= readFileSync(path.join(this.folder, 'data/pki/authorities/local/root.crt'), 'utf8');
    return this.rootPem;
  }

  private async launch(upstreamPort: number): Promise<void> {
    const caddyfile = path.join(this.folder, 'Caddyfile');
    writeFileSync(caddyfile, [
      '{',
      '  admin off',
      '  auto_https disable_redirects',
      '  skip_install_trust',
      `  storage file_system ${path.join(this.folder, 'data')}`,
      '}',
      `https://localhost:${this.port} {`,
      '  tls internal',
      `  reverse_proxy 127.0.0.1:${upstreamPort}`,
      '}',
      '',
    ].join('\n'));
    const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: this.folder, XDG_DATA_HOME: this.folder, XDG_CONFIG_HOME: this.folder },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (this.child !== child) throw new Error(`Caddy beendet sich beim Start:\n${this.output}`);
      try {
        if ((await this.send('GET', '/api/health')).status === 200) return;
      } catch {
        // not listening yet, or the certificate not issued yet
      }
      await sleep(100);
    }
    throw new Error(`Caddy antwortet nicht:\n${this.output}`);
  }

  /**
   * One HTTPS request through the proxy, verified against Caddy's root certificate, sent from the
   * given loopback address (127.0.0.2, 127.0.0.3, …: distinct clients as the proxy sees them).
   */
  send(method: string, pathname: string, options: { body?: unknown; from?: string; headers?: Record<string, string> } = {}): Promise<TlsAnswer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1', servername: 'localhost', port: this.port, method, path: pathname, ca: this.rootCertificate,
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          host: `localhost:${this.port}`, origin: this.origin, 'x-sanidok-client': 'e2e', ...options.headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      }, (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      });
      outgoing.once('error', reject);
      outgoing.end(payload);
    });
  }

  async dispose(): Promise<void> {
    const child = this.child;
    if (child) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}
