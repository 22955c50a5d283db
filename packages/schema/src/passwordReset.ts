import { newPasswordSchema } from './passwordPolicy';
import { authMessages } from './auth';
import { z } from './zodConfig';

/**
 * Self-service password reset by e-mail ('Passwort vergessen?'; docs/security.md
 * "Password reset"). The request is answered alike whether the address belongs to an account or
 * not; the link in the mail carries a single-use token valid for 30 minutes.
 */
export const passwordResetMinutes = 30;

export const passwordResetMessages = {
  requested:
    'Wenn zu dieser Adresse ein Konto gehört, haben wir soeben eine E-Mail mit einem Link zum Zurücksetzen gesendet. Der Link gilt 30 Minuten und nur einmal.',
  tooMany: 'Zu viele Anfragen zum Zurücksetzen. Bitte versuchen Sie es in einer Stunde erneut.',
  tokenInvalid: 'Der Link ist ungültig, abgelaufen oder wurde schon benutzt. Bitte fordern Sie einen neuen an.',
  tokenRequired: 'Der Link ist unvollständig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
  done: 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
} as const;

export const requestPasswordResetSchema = z.object({
  email: z
    .string({ error: authMessages.emailRequired })
    .trim()
    .min(1, authMessages.emailRequired)
    .max(254, authMessages.emailInvalid)
    .pipe(z.email(authMessages.emailInvalid)),
});
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

export const confirmPasswordResetSchema = z.object({
  token: z.string({ error: passwordResetMessages.tokenRequired }).min(20, passwordResetMessages.tokenRequired).max(2000, passwordResetMessages.tokenInvalid),
  newPassword: newPasswordSchema(authMessages.newPasswordShort),
});
export type ConfirmPasswordResetInput = z.input<typeof confirmPasswordResetSchema>;

export const confirmPasswordResetFormSchema = confirmPasswordResetSchema
  .extend({ confirmPassword: z.string({ error: authMessages.passwordsDiffer }).min(1, authMessages.passwordsDiffer) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: authMessages.passwordsDiffer, path: ['confirmPassword'] });
export type ConfirmPasswordResetFormValues = z.input<typeof confirmPasswordResetFormSchema>;
