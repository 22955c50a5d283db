import { AppError } from '../errors';

/** The German refusals of account commands (./commands.ts, ./twoFactor.ts), in one place. */
export const accountMessages = {
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  usernameLookAlike: 'Dieser Benutzername ist einem bereits vergebenen zum Verwechseln ähnlich. Bitte wählen Sie einen anderen.',
  invalidCredentials: 'Benutzername oder Passwort ist falsch.',
  wrongCurrentPassword: 'Das aktuelle Passwort ist falsch.',
} as const;

/**
 * A wrong current password (change password, two-factor settings): a 400 on the field, which
 * plugins/rateLimit.ts counts against the account like a wrong password at sign-in.
 */
export const wrongCurrentPassword = () =>
  new AppError(400, 'VALIDATION', accountMessages.wrongCurrentPassword, { currentPassword: accountMessages.wrongCurrentPassword });
