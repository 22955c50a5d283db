import { z } from './zodConfig';

/**
 * The one rule for a password being set (registration, change, admin reset).
 * Signing in never applies it: existing accounts with shorter passwords keep working until they
 * set a new one. How guessable it is (common passwords, words, repetitions, keyboard runs) is
 * estimated on the server only (apps/sync-server/src/domain/accounts/passwordStrength.ts;
 * docs/decisions.md says why).
 */
export const passwordPolicy = {
  min: 10,
  max: 200,
} as const;

export const passwordPolicyMessages = {
  // Every form's short-password text names this number (auth.ts, admin.ts): one rule, one length.
  short: `Das Passwort muss mindestens ${passwordPolicy.min} Zeichen lang sein`,
  long: 'Das Passwort darf höchstens 200 Zeichen lang sein',
  blank: 'Das Passwort darf nicht nur aus Leerzeichen bestehen',
  weak: 'Dieses Passwort ist leicht zu erraten (etwa ein verbreitetes Passwort, ein Wort mit Zahlen, der eigene Name, eine Wiederholung oder eine Tastaturfolge). Bitte wählen Sie ein längeres, weniger vorhersehbares.',
} as const;

/** A new password; `short` lets each form keep its own wording for a missing or short value. */
export function newPasswordSchema(short: string = passwordPolicyMessages.short) {
  return z
    .string({ error: short })
    .min(passwordPolicy.min, short)
    .max(passwordPolicy.max, passwordPolicyMessages.long)
    .refine((v) => v.trim() !== '', passwordPolicyMessages.blank);
}
