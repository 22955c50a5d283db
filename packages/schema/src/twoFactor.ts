import { authMessages, limits } from './auth';
import { z } from './zodConfig';

/**
 * Two-factor sign-in with TOTP (RFC 6238, docs/security.md "Two factors"):
 * required for platform admins, offered to everyone else. A code from the authenticator app is 6
 * digits; a recovery code (10 per account, each usable once) is 10 characters in two groups.
 */
export const totpDigits = 6;
export const recoveryCodeCount = 10;

export const twoFactorMessages = {
  codeRequired: 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  codeFormat: 'Der Code besteht aus 6 Ziffern oder ist ein Wiederherstellungscode (z. B. ABCDE-FGHJK).',
  required: 'Für dieses Konto ist die Zwei-Faktor-Anmeldung eingerichtet. Bitte geben Sie den Code aus Ihrer Authenticator-App ein.',
  wrongCode: 'Der Code ist falsch oder abgelaufen.',
  setupRequired: 'Plattform-Administratoren brauchen die Zwei-Faktor-Anmeldung. Bitte richten Sie sie unter „Einstellungen“ ein, bevor Sie den Administrationsbereich nutzen.',
  alreadyEnabled: 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet. Zum Wechsel des Geräts bestätigen Sie mit einem aktuellen Code.',
  notEnabled: 'Die Zwei-Faktor-Anmeldung ist für dieses Konto nicht eingerichtet.',
  noPendingSetup: 'Bitte beginnen Sie die Einrichtung erneut: Es liegt kein neuer Schlüssel vor.',
  adminCannotDisable: 'Für Plattform-Administratoren ist die Zwei-Faktor-Anmeldung Pflicht und kann nicht abgeschaltet werden.',
  enabled: 'Die Zwei-Faktor-Anmeldung ist eingerichtet. Bewahren Sie die Wiederherstellungscodes sicher auf.',
  disabled: 'Die Zwei-Faktor-Anmeldung ist abgeschaltet.',
} as const;

/** Spaces and dashes people type or paste are dropped; letters of a recovery code are upper-cased. */
const squeeze = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A code at sign-in: 6 digits, or a recovery code of 10 letters/digits (Crockford base32). */
export const secondFactorCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(40, twoFactorMessages.codeFormat)
  .transform(squeeze)
  .pipe(z.string().min(1, twoFactorMessages.codeRequired).regex(/^(\d{6}|[0-9A-HJKMNP-TV-Z]{10})$/, twoFactorMessages.codeFormat));

/** A code from the app only (confirming a new secret): a recovery code proves nothing about the app. */
export const totpCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(40, twoFactorMessages.codeFormat)
  .transform(squeeze)
  .pipe(z.string().min(1, twoFactorMessages.codeRequired).regex(/^\d{6}$/, twoFactorMessages.codeRequired));

const password = z
  .string({ error: authMessages.currentPasswordRequired })
  .min(1, authMessages.currentPasswordRequired)
  .max(limits.passwordMax, authMessages.passwordLong);

/** Starting the set-up (or a change of device): the password, and a current code when already on. */
export const startTotpSetupSchema = z.object({ currentPassword: password, code: secondFactorCodeSchema.optional() });
export type StartTotpSetupInput = z.input<typeof startTotpSetupSchema>;

export const confirmTotpSetupSchema = z.object({ code: totpCodeSchema });
export type ConfirmTotpSetupInput = z.input<typeof confirmTotpSetupSchema>;

/** Switching off and new recovery codes: password and a current code (or a recovery code). */
export const totpProofSchema = z.object({ currentPassword: password, code: secondFactorCodeSchema });
export type TotpProofInput = z.input<typeof totpProofSchema>;

export interface TotpSetupResponse {
  /** Base32 secret, for typing into an app without a camera. */
  secret: string;
  /** otpauth:// URI, shown as a QR code. */
  otpauthUri: string;
}

export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}
