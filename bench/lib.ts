import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server (apps/sync-server/dist) as its own process on loopback. */
export async function startServer(port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanidok-bench-'));
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server process.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/sync-server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${path.join(dataDir, 'bench.db')}`, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '10000', ADMIN_USERNAME: 'bench-admin', ADMIN_PASSWORD: 'bench-admin-pw' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await sleep(100);
    }
  }
  return {
    url, dataDir, process: child,
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

/** A minimal HTTP client with one session cookie. */
export class BenchClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  /** `body` may be pre-serialised JSON, so that a timed loop measures the server, not stringify. */
  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + url, {
      method,
      headers: { 'content-type': 'application/json', 'x-sanidok-client': 'bench', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

export const seconds = (ns: bigint) => Number(ns) / 1e9;
export const rate = (count: number, ns: bigint) => Math.round(count / seconds(ns));
export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}, Node ${process.version}`;
