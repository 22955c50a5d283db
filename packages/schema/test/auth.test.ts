import { describe, expect, it } from 'vitest';
import { fieldMessages, loginSchema, normalizeUsername, profileSchema, registerFormSchema, toRegisterPayload } from '../src';

describe('account schemas', () => {
  it('give the spec messages for the registration form', () => {
    const result = registerFormSchema.safeParse({ username: 'abc', email: '', password: 'geheim-Sani-1', confirmPassword: 'anders-Sani-1', terms: false });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error)).toMatchObject({
      email: 'E-Mail-Adresse ist erforderlich',
      terms: 'Sie müssen den Nutzungsbedingungen und der Datenschutzerklärung zustimmen',
    });
    const mismatch = registerFormSchema.safeParse({ username: 'abc', email: 'a@b.de', password: 'geheim-Sani-1', confirmPassword: 'anders-Sani-1', terms: true });
    expect(mismatch.success ? {} : fieldMessages(mismatch.error)).toEqual({ confirmPassword: 'Passwörter stimmen nicht überein' });
  });

  it('strips the confirmation and the terms box from the payload', () => {
    expect(toRegisterPayload({ username: 'abc', email: 'a@b.de', password: 'geheim-Sani-1', confirmPassword: 'geheim-Sani-1', terms: true, betaCode: ' ' })).toEqual({
      username: 'abc', email: 'a@b.de', password: 'geheim-Sani-1',
    });
  });

  it('treat a missing field like an empty one', () => {
    const result = loginSchema.safeParse({});
    expect(result.success ? {} : fieldMessages(result.error)).toEqual({
      username: 'Bitte geben Sie einen Benutzernamen ein',
      password: 'Bitte geben Sie Ihr Passwort ein',
    });
    expect(profileSchema.parse({ fullName: ' Eva ', email: '' })).toEqual({ fullName: 'Eva', email: null });
  });

  it('normalise usernames by case and width', () => {
    expect(normalizeUsername(' ÄRZTIN ')).toBe(normalizeUsername('ärztin'));
    expect(normalizeUsername('ｓａｎｉ')).toBe('sani');
  });
});
