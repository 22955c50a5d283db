import { passwordPolicyMessages } from '@sanidok/schema';
import { dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as german } from '@zxcvbn-ts/language-de';
import { AppError } from '../errors';

/**
 * The block list of common passwords: zxcvbn-ts's maintained dictionaries, the
 * ~49,000 most used passwords of its common package and the ~12,500 most common German words.
 * Server-only: the lists are far too large for the PWA's first load (docs/decisions.md).
 * Built on first use, so a server that never sets a password never loads them.
 */
let blocked: Set<string> | undefined;

function blockList(): Set<string> {
  blocked ??= new Set([...common['passwords-common'], ...german.commonWords].map((word) => word.toLowerCase()));
  return blocked;
}

/**
 * A password is common when, ignoring case, it is a listed one, or a listed one followed only by
 * digits and punctuation (`passwort123`, `Sommer2024!`): the pattern guessers try first.
 */
export function isCommonPassword(password: string): boolean {
  const key = password.normalize('NFKC').trim().toLowerCase();
  const list = blockList();
  if (list.has(key)) return true;
  const stem = key.replace(/[\p{N}\p{P}\p{S}\s]+$/u, '');
  return stem !== key && stem.length > 0 && list.has(stem);
}

/** Refuses a common password with the field message the forms show under the password field. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'VALIDATION', passwordPolicyMessages.common, { [field]: passwordPolicyMessages.common });
  }
}
