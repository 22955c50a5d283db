import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';

export const root = path.resolve(import.meta.dirname, '..');
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags of /work/shared/toolchain.md: headless Chromium as root, without background traffic. */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** A plain function (no `this`): callers pass it on as `stop: server.stop`. */
  stop: () => Promise<void>;
}

/** True when nothing listens on the port (so two benchmark runs, or e2e on 3100, never collide). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `from` on (each part has its own range from 3300 up). */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 10; port += 1) if (await isFree(port)) return port;
  throw new Error(`No free port in ${from}–${from + 9}`);
}

/** Waits until `url` answers 2xx, or fails with the reason after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms (${last})`);
}

/**
 * Starts the built server (apps/sync-server/dist) as its own process on loopback, with a fresh
 * database. `staticDir`: the PWA build it serves (run.ts passes a snapshot, so that a rebuild by
 * someone else during the run cannot swap the files under the browser).
 */
/** `env` overrides the defaults, e.g. DATABASE_URL=postgres://… (bench/syncPostgres.ts). */
export async function startServer(port: number, staticDir?: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanidok-bench-'));
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server process.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/sync-server/dist/server.js')], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${path.join(dataDir, 'bench.db')}`, LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000', ADMIN_USERNAME: 'bench-admin', ADMIN_PASSWORD: 'Bench-Leitstelle-Admin-7', ...(staticDir ? { STATIC_DIR: staticDir } : {}), ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with code ${code}`))));
  exited.catch(() => undefined);
  await Promise.race([waitForHttp(`${url}/api/health`), exited]);
  return {
    url, dataDir, process: child,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** A minimal HTTP client with one session cookie. */
export class BenchClient {
  private cookie = '';
  constructor(readonly base: string) {}

  /** The `name=value` of the session, for tools that send their own requests (autocannon, Lighthouse). */
  get sessionCookie(): string {
    return this.cookie;
  }

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

export interface Owner {
  client: BenchClient;
  username: string;
  password: string;
  organizationId: number;
  /** The organisation key as the owner types it into /patient-archive. */
  keyText: string;
}

/** Registers a user who owns a new organisation with real keys (the secret stays in the bench). */
export async function createOwner(baseUrl: string, username: string): Promise<Owner> {
  const client = new BenchClient(baseUrl);
  const password = 'Bench-Sani-Passwort-42';
  await client.call('POST', '/api/register', { username, email: `${username}@example.de`, password });
  const { deriveOrganizationKeys, encodeOrganizationSecret, generateOrganizationSecret, publicKeysToBase64Url } = await import('@sanidok/crypto');
  const secret = generateOrganizationSecret();
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
  const organization = await client.call<{ id: number }>('POST', '/api/organizations', { name: `Bench-Org ${username}`, ...keys });
  return { client, username, password, organizationId: organization.id, keyText: encodeOrganizationSecret(secret) };
}

/**
 * A new device id of the owner with a key registered with the password, as the PWA registers at a
 * password unlock: a pull naming it gets the patient data, sealed to that key; a pull by the
 * session alone gets none (docs/security.md "Patient data needs the unlocked device").
 */
export async function registeredDeviceId(owner: Pick<Owner, 'client' | 'password'>): Promise<string> {
  const { loadSodium, toBase64Url } = await import('@sanidok/crypto/device');
  const deviceId = randomUUID();
  const publicKey = toBase64Url((await loadSodium()).crypto_box_keypair().publicKey);
  await owner.client.call('PUT', '/api/device/key', { deviceId, publicKey, currentPassword: owner.password });
  return deviceId;
}

/** Pushes mutations of one new device in batches of `batchSize` (the device's own limit is 200). */
export async function pushAll(client: BenchClient, mutations: { name: string; args: unknown }[], batchSize = 200): Promise<void> {
  const deviceId = randomUUID();
  for (let i = 0; i < mutations.length; i += batchSize) {
    const batch = mutations.slice(i, i + batchSize).map((m, j) => ({ mutationId: randomUUID(), seq: i + j + 1, name: m.name, args: m.args, createdAt: new Date().toISOString() }));
    const reply = await client.call<{ lastSeq: number; results: { status: string; message?: string }[] }>('POST', '/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: batch });
    const rejected = reply.results.find((r) => r.status === 'rejected');
    if (rejected) throw new Error(`push rejected: ${rejected.message ?? 'no reason'}`);
    if (reply.lastSeq !== i + batch.length) throw new Error(`push stopped at seq ${reply.lastSeq}`);
  }
}

export const seconds = (ns: bigint) => Number(ns) / 1e9;
export const rate = (count: number, ns: bigint) => Math.round(count / seconds(ns));
export const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface Stats {
  median: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? at(0.5) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, p90: at(0.9), p99: at(0.99), min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  os: string;
}

export function machineInfo(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    ramGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()} ${process.arch}`,
  };
}

export const machine = () => {
  const m = machineInfo();
  return `${m.cores} × ${m.cpu}, ${m.ramGiB} GiB, ${m.os}, Node ${m.node}`;
};

/** The part of esbuild's API used here (its types are not a dependency of the bench). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: { text: string }[] }>;
}

/**
 * A bench page module (bench/*Page.ts) bundled for the browser with esbuild (tsx's own copy; no
 * extra dependency), resolving the PWA's imports from apps/pwa.
 */
export async function browserBundle(entry: string, define: Record<string, string> = {}): Promise<string> {
  const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  const esbuild = requireFromTsx('esbuild') as Esbuild;
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false,
    absWorkingDir: path.join(root, 'apps/pwa'), logLevel: 'silent', define,
  });
  const text = result.outputFiles?.[0]?.text;
  if (!text) throw new Error('esbuild produced no bundle');
  return text;
}
