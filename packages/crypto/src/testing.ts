import { setPasswordHashCost } from './passwordCost';

export { productionArgon2idCost } from './passwordCost';

/**
 * Argon2id at a cost of milliseconds for test suites whose subject is not the hashing: the
 * server's and the PWA's suites register, sign in and unlock thousands of times. Tests about
 * the hashing itself (packages/crypto/test/passwords.test.ts, the keyring tests) run at the
 * production cost. Only test set-up files import this entry point (eslint.config.js).
 */
export function lowerPasswordHashCostForTests(): void {
  setPasswordHashCost({ opsLimit: 1, memLimitBytes: 64 * 1024 });
}
