/** Argon2id's cost: libsodium's opslimit (t) and memlimit (m in bytes); libsodium fixes p at 1. */
export interface Argon2idCost {
  opsLimit: number;
  memLimitBytes: number;
}

/** OWASP minimum for Argon2id: m = 19 MiB, t = 2, p = 1. */
export const productionArgon2idCost: Argon2idCost = Object.freeze({ opsLimit: 2, memLimitBytes: 19 * 1024 * 1024 });

let cost: Argon2idCost = productionArgon2idCost;

/**
 * The cost of new password hashes and device keyrings: the OWASP minimum, unless a test suite
 * lowered it through `@sanidok/crypto/testing` (index.ts does not export the setter, and
 * eslint.config.js forbids that entry point in src/). A hash carries its own parameters, so
 * verifying follows whatever cost made it.
 */
export function passwordHashCost(): Argon2idCost {
  return cost;
}

export function setPasswordHashCost(next: Argon2idCost): void {
  cost = next;
}
