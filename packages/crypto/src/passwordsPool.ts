/// <reference types="node" />
/**
 * Argon2id off the event loop: a small pool of worker threads, each with its own
 * libsodium. Node only: its own entry point (`@sanidok/crypto/passwordsPool`), which the server
 * registers with `usePasswordRunner` (passwords.ts), so the PWA never loads it.
 *
 * The worker is inline code (`eval: true`) rather than a file next to this one: the same code then
 * runs under vitest and tsx (from the .ts sources) and in the esbuild bundle (dist/server.js), where
 * no worker file sits beside the bundle. libsodium's path is resolved here and handed over, so the
 * worker finds it wherever the process was started from.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import type { PasswordTask } from './passwords';

interface Pending {
  task: PasswordTask;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

// Plain CommonJS: eval workers start as scripts. A verify that throws (malformed hash) is a mismatch.
//
// The hashing thread runs at the lowest scheduling priority (Linux: nice 19 for this thread only,
// found through /proc/thread-self): during a login storm the event loop thread, which answers
// every other request, gets the CPU first. Elsewhere the call fails and the thread keeps its priority.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, 19);
} catch {}
const sodium = require(workerData.sodiumPath);
parentPort.on('message', async (task) => {
  await sodium.ready;
  try {
    const result = task.op === 'hash'
      ? sodium.crypto_pwhash_str(task.password, task.opsLimit, task.memLimitBytes)
      : sodium.crypto_pwhash_str_verify(task.encoded, task.password);
    parentPort.postMessage({ result });
  } catch (error) {
    if (task.op === 'verify') parentPort.postMessage({ result: false });
    else parentPort.postMessage({ error: String(error) });
  }
});
`;

/**
 * One worker fewer than cores (at least one, at most four): one core stays free for the event loop,
 * which is the point of the pool (`/api/health` under 20 ms p99 during a login storm, bench/loginStorm.ts).
 */
export const passwordPoolSize = Math.max(1, Math.min(4, availableParallelism() - 1));

class PasswordPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private readonly sodiumPath = createRequire(import.meta.url).resolve('libsodium-wrappers-sumo');
  private started = 0;

  constructor(private readonly size: number) {}

  run(task: PasswordTask): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? this.spawn();
      if (!worker) return;
      const job = this.queue.shift();
      if (!job) {
        this.release(worker);
        return;
      }
      this.assign(worker, job);
    }
  }

  private spawn(): Worker | undefined {
    if (this.started >= this.size) return undefined;
    this.started += 1;
    const worker = new Worker(workerSource, { eval: true, workerData: { sodiumPath: this.sodiumPath } });
    let failure: Error | undefined;
    worker.on('error', (error) => {
      failure = error;
    });
    // A worker that ends, idle or busy, leaves the pool: its job (if any) is refused, not left
    // waiting for ever, and the next dispatch starts a fresh worker in its place.
    worker.once('exit', () => {
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      job?.reject(failure ?? new Error('Argon2id-Worker unerwartet beendet'));
      this.started -= 1;
      this.dispatch();
    });
    return worker;
  }

  private assign(worker: Worker, job: Pending): void {
    // Referenced while busy (a script waiting for a hash must not exit), unreferenced when idle
    // (an idle pool must not keep a process or a test run alive).
    worker.ref();
    this.busy.set(worker, job);
    worker.once('message', (reply: { result?: string | boolean; error?: string }) => {
      this.busy.delete(worker);
      if (reply.error !== undefined || reply.result === undefined) job.reject(new Error(reply.error ?? 'Argon2id ohne Ergebnis'));
      else job.resolve(reply.result);
      this.release(worker);
      this.dispatch();
    });
    worker.postMessage(job.task);
  }

  private release(worker: Worker): void {
    worker.unref();
    this.idle.push(worker);
  }

  /** For the test: end one worker as a crash would. */
  async crashOneForTest(): Promise<void> {
    const worker = this.idle[0] ?? [...this.busy.keys()][0];
    if (worker) await worker.terminate();
  }
}

let pool: PasswordPool | undefined;

/** Runs one Argon2id hash or verify on the shared pool. */
export function runPasswordTask(task: PasswordTask): Promise<string | boolean> {
  pool ??= new PasswordPool(passwordPoolSize);
  return pool.run(task);
}

/** Ends one worker of the shared pool as a crash would (tests only). */
export function crashPasswordWorkerForTest(): Promise<void> {
  return pool?.crashOneForTest() ?? Promise.resolve();
}
