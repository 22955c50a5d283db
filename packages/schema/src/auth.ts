import { newPasswordSchema, passwordPolicy } from './passwordPolicy';
import { z } from './zodConfig';

/**
 * Account payloads (docs/spec/accounts.md §5, §7). The `…FormSchema` variants add the fields that only the form
 * knows (password confirmation, terms); the PWA strips them before sending.
 */

export const limits = {
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: passwordPolicy.min,
  passwordMax: passwordPolicy.max,
  emailMax: 254,
  fullNameMax: 120,
  betaCodeMax: 40,
} as const;

const messages = {
  usernameRequired: 'Bitte geben Sie einen Benutzernamen ein',
  usernameShort: 'Benutzername muss mindestens 3 Zeichen lang sein',
  usernameLong: 'Benutzername darf höchstens 50 Zeichen lang sein',
  usernameChars: 'Benutzername darf nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich enthalten',
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein',
  passwordShort: `Passwort muss mindestens ${passwordPolicy.min} Zeichen lang sein`,
  passwordLong: 'Passwort darf höchstens 200 Zeichen lang sein',
  passwordsDiffer: 'Passwörter stimmen nicht überein',
  emailRequired: 'E-Mail-Adresse ist erforderlich',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  termsRequired: 'Sie müssen den Nutzungsbedingungen und der Datenschutzerklärung zustimmen',
  fullNameRequired: 'Vollständiger Name ist erforderlich',
  fullNameLong: 'Name darf höchstens 120 Zeichen lang sein',
  profileEmailInvalid: 'Gültige E-Mail-Adresse erforderlich',
  currentPasswordRequired: 'Aktuelles Passwort ist erforderlich',
  newPasswordShort: `Neues Passwort muss mindestens ${passwordPolicy.min} Zeichen haben`,
  betaCodeLong: 'Beta-Code ist zu lang',
} as const;

export const authMessages = messages;

/**
 * A string field whose absence or wrong type reads like an empty field: the person sees
 * "… ist erforderlich", never zod's "expected string, received undefined".
 */
const text = (required: string) => z.string({ error: required });

const password = newPasswordSchema(messages.passwordShort);

export const usernameSchema = text(messages.usernameRequired)
  .trim()
  .min(1, messages.usernameRequired)
  .min(limits.usernameMin, messages.usernameShort)
  .max(limits.usernameMax, messages.usernameLong)
  .regex(/^[\p{L}\p{N}._-]+$/u, messages.usernameChars);

export const loginSchema = z.object({
  username: text(messages.usernameRequired).trim().min(1, messages.usernameRequired).max(limits.usernameMax, messages.usernameLong),
  password: text(messages.passwordRequired).min(1, messages.passwordRequired).max(limits.passwordMax, messages.passwordLong),
  rememberMe: z.boolean().optional().default(false),
  /** Second step of a sign-in with two factors (./twoFactor.ts): asked for after the password. */
  totpCode: z.string().max(40).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

const emailRequired = text(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .max(limits.emailMax, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailRequired,
  password,
  fullName: optionalText(limits.fullNameMax, messages.fullNameLong),
  betaCode: optionalText(limits.betaCodeMax, messages.betaCodeLong),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const registerFormSchema = z
  .object({
    username: usernameSchema,
    email: emailRequired,
    password,
    confirmPassword: password,
    terms: z.boolean({ error: messages.termsRequired }).refine((v) => v, messages.termsRequired),
    betaCode: z.string().max(limits.betaCodeMax, messages.betaCodeLong).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** What the PWA sends: the form values less the confirmation and the terms box. */
export function toRegisterPayload(values: RegisterFormValues): RegisterInput {
  const { confirmPassword: _c, terms: _t, betaCode, ...rest } = values;
  return betaCode?.trim() ? { ...rest, betaCode: betaCode.trim() } : rest;
}

export const changePasswordSchema = z.object({
  currentPassword: text(messages.currentPasswordRequired).min(1, messages.currentPasswordRequired).max(limits.passwordMax, messages.passwordLong),
  newPassword: newPasswordSchema(messages.newPasswordShort),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: text(messages.passwordsDiffer).min(1, messages.passwordsDiffer) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export const profileSchema = z.object({
  fullName: text(messages.fullNameRequired).trim().min(1, messages.fullNameRequired).max(limits.fullNameMax, messages.fullNameLong),
  email: text(messages.profileEmailInvalid)
    .trim()
    .max(limits.emailMax, messages.profileEmailInvalid)
    .refine((v) => v === '' || z.email().safeParse(v).success, messages.profileEmailInvalid)
    .transform((v) => (v === '' ? null : v)),
  /** Needed when the e-mail address changes (the old address is told). */
  currentPassword: z.string().max(limits.passwordMax, messages.passwordLong).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** The unique key of a username: case and Unicode width do not make a second account. */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFKC').toLocaleLowerCase('de-DE');
}
