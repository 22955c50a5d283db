import { loadSodium } from './sodium';
import { randomToken } from './random';

/** OWASP minimum for Argon2id: m = 19 MiB, t = 2, p = 1 (libsodium fixes p at 1). */
export const argon2idParams = { opsLimit: 2, memLimitBytes: 19 * 1024 * 1024 } as const;

/**
 * In Node (the server) every hash and verify runs on the worker pool of passwordsPool.ts, so that
 * ~40 ms of Argon2id never blocks the event loop; elsewhere (a browser) on the calling thread.
 * The pool module is imported lazily: the PWA bundle never sees `node:worker_threads`.
 */
const inNode = typeof process !== 'undefined' && typeof process.versions === 'object' && 'node' in process.versions;

/** Encoded `$argon2id$…` string with its own salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  if (inNode) {
    const { runPasswordTask } = await import('./passwordsPool');
    return String(await runPasswordTask({ op: 'hash', password, ...argon2idParams }));
  }
  const sodium = await loadSodium();
  return sodium.crypto_pwhash_str(password, argon2idParams.opsLimit, argon2idParams.memLimitBytes);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  if (!encoded.startsWith('$argon2id$')) return false;
  if (inNode) {
    const { runPasswordTask } = await import('./passwordsPool');
    return (await runPasswordTask({ op: 'verify', encoded, password })) === true;
  }
  const sodium = await loadSodium();
  try {
    return sodium.crypto_pwhash_str_verify(encoded, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody knows, verified against when the username does not exist, so that
 * the answer time does not tell whether an account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomToken(16));
  return decoy;
}
