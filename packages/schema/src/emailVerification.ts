import { z } from './zodConfig';

/**
 * Optional verification of an account's e-mail address, with the single-use
 * tokens of the password reset: the link is valid 24 hours, bound to the address it was sent to.
 */
export const emailVerificationHours = 24;

export const emailVerificationMessages = {
  sent: 'Wir haben Ihnen eine E-Mail mit einem Bestätigungslink gesendet. Er gilt 24 Stunden und nur einmal.',
  noAddress: 'Bitte hinterlegen Sie zuerst eine E-Mail-Adresse in Ihrem Profil.',
  alreadyVerified: 'Diese E-Mail-Adresse ist bereits bestätigt.',
  tooMany: 'Zu viele Bestätigungs-E-Mails. Bitte versuchen Sie es in einer Stunde erneut.',
  tokenInvalid: 'Der Link ist ungültig, abgelaufen, wurde schon benutzt oder gehört zu einer inzwischen geänderten Adresse. Bitte fordern Sie einen neuen an.',
  tokenRequired: 'Der Link ist unvollständig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
  done: 'Ihre E-Mail-Adresse ist bestätigt.',
} as const;

export const confirmEmailVerificationSchema = z.object({
  token: z.string({ error: emailVerificationMessages.tokenRequired }).min(20, emailVerificationMessages.tokenRequired).max(2000, emailVerificationMessages.tokenInvalid),
});
export type ConfirmEmailVerificationInput = z.input<typeof confirmEmailVerificationSchema>;
