import { describe, expect, it } from 'vitest';
import { adminResetPasswordSchema, changePasswordSchema, fieldMessages, organizationFormSchema, registerSchema } from '../src';

const register = (password: string) => registerSchema.safeParse({ username: 'abc', email: 'a@b.de', password });
const fields = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldMessages((result as { error: Parameters<typeof fieldMessages>[0] }).error);

describe('password policy', () => {
  it('refuses passwords under 10 characters wherever one is set, in German', () => {
    expect(fields(register('123456'))).toEqual({ password: 'Passwort muss mindestens 10 Zeichen lang sein' });
    expect(fields(register('password'))).toEqual({ password: 'Passwort muss mindestens 10 Zeichen lang sein' });
    expect(fields(changePasswordSchema.safeParse({ currentPassword: 'alt', newPassword: 'kurz-123' }))).toEqual({
      newPassword: 'Neues Passwort muss mindestens 10 Zeichen haben',
    });
    expect(fields(adminResetPasswordSchema.safeParse({ newPassword: '123456789' }))).toEqual({
      newPassword: 'Das neue Passwort muss mindestens 10 Zeichen lang sein',
    });
    expect(register('Geheim-Sani-42').success).toBe(true);
  });

  it('refuses a password of spaces only, however long', () => {
    expect(fields(register('      '))).toEqual({ password: 'Passwort muss mindestens 10 Zeichen lang sein' });
    expect(fields(register(' '.repeat(12)))).toEqual({ password: 'Das Passwort darf nicht nur aus Leerzeichen bestehen' });
  });

  it('does not apply to signing in: existing short passwords keep working', async () => {
    const { loginSchema } = await import('../src');
    expect(loginSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
  });
});

describe('organisation names', () => {
  const name = (value: string) => organizationFormSchema.safeParse({ name: value });

  it('refuse links, which would go out in invitation subjects', () => {
    for (const link of ['https://sani.example', 'Jetzt klicken: evil.com', 'www.sani-hilfe', 'Hilfe mailto:x', 'info@sani.de']) {
      expect(fields(name(link)), link).toEqual({ name: 'Der Name darf keine Internet- oder E-Mail-Adresse enthalten' });
    }
  });

  it('keep ordinary names with dots', () => {
    for (const ok of ['DRK e.V.', 'St. Johannes Sanitätsdienst', 'ASB Mainz-Bingen e.V.', 'Malteser Köln', 'Zug Nr. 3.5']) {
      expect(name(ok).success, ok).toBe(true);
    }
  });
});
