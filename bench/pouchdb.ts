import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForHttp } from './lib';

/**
 * pouchdb-server (npm, bench-only) as the comparison for bench/sync: a CouchDB-compatible server
 * on PouchDB with its default LevelDB adapter (leveldown), started as its own process on
 * loopback. Push = `_bulk_docs` in the same batches as ours, pull = the `_changes` feed with the
 * documents, in pages of the same size.
 */

const require = createRequire(import.meta.url);
// Both servers answer uncompressed, so that neither side spends time on gzip the other skips.
const headers = { 'content-type': 'application/json', 'accept-encoding': 'identity' };

export interface PouchServer {
  url: string;
  /** Its process id, to read its CPU time (bench/sync.ts `cpuMs`). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startPouchServer(port: number): Promise<PouchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanidok-bench-pouch-'));
  mkdirSync(path.join(dir, 'db'));
  // Request logging off, as our server runs with LOG_LEVEL=warn; it writes config.json and its
  // log into the working directory, so that is the temporary folder.
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ log: { level: 'error', file: path.join(dir, 'log.txt') } }));
  const bin = path.join(path.dirname(require.resolve('pouchdb-server/package.json')), 'bin/pouchdb-server');
  const child = spawn(process.execPath, [bin, '--port', String(port), '--host', '127.0.0.1', '--dir', path.join(dir, 'db'), '--config', path.join(dir, 'config.json'), '--no-stdout-logs'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`pouchdb-server exited with code ${code}: ${stderr.trim().slice(0, 500)}`))));
  exited.catch(() => undefined);
  await Promise.race([waitForHttp(`${url}/`), exited]);
  const info = (await (await fetch(`${url}/`)).json()) as { 'pouchdb-adapters'?: string[] };
  if (!info['pouchdb-adapters']?.includes('leveldb')) throw new Error(`pouchdb-server runs without the LevelDB adapter: ${JSON.stringify(info)}`);
  return {
    url,
    pid: child.pid,
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

async function send<T>(method: string, url: string, body?: string): Promise<T> {
  const response = await fetch(url, { method, headers, body });
  if (!response.ok) throw new Error(`pouchdb-server ${method} ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const createDatabase = (server: PouchServer, name: string) => send('PUT', `${server.url}/${name}`);

/** Pre-serialised `_bulk_docs` bodies, built before the clock starts (as for our push). */
export function bulkBodies(records: { id: string }[], batchSize: number): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < records.length; i += batchSize) {
    bodies.push(JSON.stringify({ docs: records.slice(i, i + batchSize).map(({ id, ...rest }) => ({ _id: id, type: 'service', ...rest })) }));
  }
  return bodies;
}

export async function pushBulk(server: PouchServer, database: string, body: string): Promise<void> {
  const results = await send<{ ok?: boolean; error?: string; id: string }[]>('POST', `${server.url}/${database}/_bulk_docs`, body);
  const failed = results.find((r) => r.error);
  if (failed) throw new Error(`_bulk_docs: ${failed.id} ${failed.error}`);
}

/** Reads the whole `_changes` feed with the documents, `pageSize` per request; returns the row count. */
export async function pullChanges(server: PouchServer, database: string, pageSize: number): Promise<number> {
  let since: string | number = 0;
  let rows = 0;
  for (;;) {
    const page: { results: unknown[]; last_seq: string | number } = await send('GET', `${server.url}/${database}/_changes?include_docs=true&limit=${pageSize}&since=${encodeURIComponent(String(since))}`);
    rows += page.results.length;
    since = page.last_seq;
    if (page.results.length < pageSize) return rows;
  }
}
