import { passwordPolicyMessages } from '@sanidok/schema';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as german } from '@zxcvbn-ts/language-de';
import { AppError } from '../errors';

/**
 * How guessable a new password is: zxcvbn-ts, the estimator password crackers' own tricks are
 * modelled in (repetitions like `aaaaaaaaaa`, keyboard runs on the German QWERTZ layout like
 * `qwertzuiop`, sequences, dates, l33t, the user's own name), over its maintained dictionaries:
 * the ~49,000 most used passwords, common words and names, and the ~12,500 most common German words.
 * Server-only: the lists are far too large for the PWA's first load (docs/decisions.md "Passwords:
 * length in the shared schema, strength on the server").
 * Built on first use, so a server that never sets a password never loads them.
 */
let estimator: ZxcvbnFactory | undefined;

function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary: { ...common, ...german } });
  return estimator;
}

/**
 * zxcvbn's score 3 ("safely unguessable: moderate protection from offline slow-hash scenario",
 * ≥ 10^8 guesses) is the floor: Argon2id and the per-account sign-in throttle make each guess
 * expensive, but a stolen database must not fall to a dictionary run in an afternoon.
 */
const minimumScore = 3;

/**
 * True when a password is too easy to guess: score under 3, counting the account's own name and
 * e-mail address as known words (a password that is the username plus digits is weak).
 */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  const known = userInputs.flatMap((input) => [input, input.split('@')[0] ?? '']).filter((word) => word.length >= 3);
  // zxcvbn's cost grows with length; 100 characters already score the maximum.
  return strengthEstimator().check(password.normalize('NFKC').slice(0, 100), known).score < minimumScore;
}

/** Refuses a weak password with the field message the forms show under the password field. */
export function assertPasswordStrong(password: string, field: string, userInputs: readonly string[] = []): void {
  if (isWeakPassword(password, userInputs)) {
    throw new AppError(400, 'VALIDATION', passwordPolicyMessages.weak, { [field]: passwordPolicyMessages.weak });
  }
}
