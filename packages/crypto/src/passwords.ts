import { loadSodium } from './sodium';
import { passwordHashCost, productionArgon2idCost } from './passwordCost';
import { randomToken } from './random';

/** OWASP minimum for Argon2id: m = 19 MiB, t = 2, p = 1 (libsodium fixes p at 1). */
export const argon2idParams = productionArgon2idCost;

/** One Argon2id job, as a worker pool runs it (passwordsPool.ts). */
export type PasswordTask =
  | { op: 'hash'; password: string; opsLimit: number; memLimitBytes: number }
  | { op: 'verify'; encoded: string; password: string };
export type PasswordRunner = (task: PasswordTask) => Promise<string | boolean>;

/**
 * The server hands its worker pool over at start (`@sanidok/crypto/passwordsPool`, registered in
 * apps/sync-server/src/app.ts), so that ~40 ms of Argon2id never blocks its event loop. Without a
 * runner (a browser, a unit test of this package) the hash runs on the calling thread. The pool is
 * its own entry point, not imported from here, so the PWA bundle never sees `node:worker_threads`.
 */
let runner: PasswordRunner | undefined;
export function usePasswordRunner(next: PasswordRunner | undefined): void {
  runner = next;
}

/** Encoded `$argon2id$…` string with its own salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  if (runner) return String(await runner({ op: 'hash', password, ...passwordHashCost() }));
  const sodium = await loadSodium();
  return sodium.crypto_pwhash_str(password, passwordHashCost().opsLimit, passwordHashCost().memLimitBytes);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  if (!encoded.startsWith('$argon2id$')) return false;
  if (runner) return (await runner({ op: 'verify', encoded, password })) === true;
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
