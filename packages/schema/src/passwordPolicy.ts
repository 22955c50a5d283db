import { z } from './zodConfig';

/**
 * The one rule for a password being set (registration, change, admin reset).
 * Signing in never applies it: existing accounts with shorter passwords keep working until they
 * set a new one. The block list of common passwords is checked on the server only
 * (apps/sync-server/src/domain/accounts/passwordBlockList.ts; docs/decisions.md says why).
 */
export const passwordPolicy = {
  min: 10,
  max: 200,
} as const;

export const passwordPolicyMessages = {
  short: 'Das Passwort muss mindestens 10 Zeichen lang sein',
  long: 'Das Passwort darf höchstens 200 Zeichen lang sein',
  blank: 'Das Passwort darf nicht nur aus Leerzeichen bestehen',
  common: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
} as const;

/** A new password; `short` lets each form keep its own wording for a missing or short value. */
export function newPasswordSchema(short: string = passwordPolicyMessages.short) {
  return z
    .string({ error: short })
    .min(passwordPolicy.min, short)
    .max(passwordPolicy.max, passwordPolicyMessages.long)
    .refine((v) => v.trim() !== '', passwordPolicyMessages.blank);
}
