import { organizationSecretPrefix, parseOrganizationSecret } from '@sanidok/crypto';
import { AppError } from './errors';

/**
 * The one check every write body passes before anything else reads it (docs/security.md,
 * Requests): bounded depth and size, and never the organisation secret's text form. REST bodies
 * pass it in the security plugin's hook (plugins/security.ts); a sync push passes it per mutation
 * in domain/sync/push.ts, so that one refused mutation does not stop the batch.
 */
export const bodyLimits = {
  /** Nesting of objects and arrays. The deepest real payload (protocol.update) has 4 levels. */
  maxDepth: 32,
  /** Values (strings, numbers, objects, …): materialUsage.refill may name 10,000 usage rows. */
  maxValues: 25_000,
  /**
   * About the length of the JSON text (characters): a sealed envelope of 200,000 characters
   * (packages/schema/src/sealedEnvelope.ts) or 10,000 usage ids (~400,000) fit.
   */
  maxLength: 1_000_000,
} as const;

export const bodyGuardMessages = {
  tooLarge: 'Die Daten sind zu groß oder zu tief verschachtelt und wurden nicht übernommen. Bitte kürzen Sie die Eingabe.',
  secret:
    'Bitte senden Sie den Organisationsschlüssel (SANI1-…) nicht an den Server: Er verlässt nie Ihren Browser. Entfernen Sie ihn aus Ihrer Eingabe.',
} as const;

export type BodyRefusal = 'tooLarge' | 'secret';

// Crockford base32 of the text form with the look-alikes its parser accepts (O, I, L), and the
// separators it ignores (packages/crypto/src/orgKeys/secretText.ts).
const secretSymbol = /[0-9A-Z]/i;
const separator = /[\s\u2010-\u2015\u2212-]/;
const blank = /\s/;
const secretBodyLength = 58;
const prefixPattern = new RegExp(organizationSecretPrefix, 'gi');
// "SANI1" inside a run of base64url symbols (a sealed envelope, a token) is chance now and then at
// 200,000 characters; a key glued to a letter or a dash is still a key. So a glued one counts when
// its checksum adds up (a chance run does so once in 2^32), one standing on its own always
// (docs/decisions.md "Secret filter: glued keys").
const base64UrlSymbol = /[A-Za-z0-9_-]/;

/**
 * Whether a text carries the organisation secret's text form anywhere in it. Written as shown
 * (dashes or nothing between the groups, any case) it counts even when mistyped: a key with one
 * wrong character is still almost the key. Written with blanks or glued to the text before it,
 * only when its checksum adds up: blanks also separate the words of a note that happens to start
 * with "Sani1", and a run of base64url symbols holds "sani1…" by chance.
 */
export function carriesSecretText(text: string): boolean {
  // Most strings of a push (names, ids, times) are too short to hold a key: no regex iterator for
  // them (≈ 20 strings per mutation, ≈ 4 µs of a sync push's mutation before this check).
  if (text.length < organizationSecretPrefix.length + secretBodyLength) return false;
  for (const match of text.matchAll(prefixPattern)) {
    const glued = match.index > 0 && base64UrlSymbol.test(text.charAt(match.index - 1));
    let symbols = '';
    let blanks = false;
    for (let i = match.index + match[0].length; i < text.length && symbols.length < secretBodyLength; i++) {
      const char = text.charAt(i);
      if (secretSymbol.test(char)) symbols += char;
      else if (separator.test(char)) blanks ||= blank.test(char);
      else break;
    }
    if (symbols.length < secretBodyLength) continue;
    if ((!blanks && !glued) || parseOrganizationSecret(organizationSecretPrefix + symbols).ok) return true;
  }
  return false;
}

const approximateLength = (value: unknown): number =>
  typeof value === 'string' ? value.length + 3 : typeof value === 'number' ? String(value).length + 1 : 6;

/**
 * Walks a parsed JSON value without recursion (a deep value cannot overflow the stack here) and
 * stops at the first limit it passes. Keys count like strings and are checked for the secret too.
 */
export function inspectBody(value: unknown): BodyRefusal | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let values = 0;
  let length = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    values += 1;
    length += approximateLength(current);
    if (values > bodyLimits.maxValues || length > bodyLimits.maxLength || depth > bodyLimits.maxDepth) return 'tooLarge';
    if (typeof current === 'string') {
      if (carriesSecretText(current)) return 'secret';
    } else if (Array.isArray(current)) {
      if (values + stack.length + current.length > bodyLimits.maxValues) return 'tooLarge';
      for (const item of current as unknown[]) stack.push([item, depth + 1]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      // Bounded before the entries go on the stack, as for arrays above.
      if (values + stack.length + entries.length > bodyLimits.maxValues) return 'tooLarge';
      for (const [key, item] of entries) {
        length += key.length + 3;
        if (carriesSecretText(key)) return 'secret';
        stack.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/** The refusal as the API answers it: 400 with a German message. */
export function bodyRefusalError(refusal: BodyRefusal): AppError {
  return refusal === 'secret'
    ? new AppError(400, 'SECRET_NOT_ACCEPTED', bodyGuardMessages.secret)
    : new AppError(400, 'VALIDATION', bodyGuardMessages.tooLarge);
}

/** Throws the refusal of a body that fails {@link inspectBody}. */
export function guardBody(value: unknown): void {
  const refusal = inspectBody(value);
  if (refusal) throw bodyRefusalError(refusal);
}
