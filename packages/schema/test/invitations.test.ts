import { describe, expect, it } from 'vitest';
import { inviteFormSchema, inviteInput, inviteMemberSchema } from '../src/invitations';

describe('invitations: one field, a name or an address', () => {
  it('sends an entry with @ as an address, trimmed; any other as a username', () => {
    expect(inviteInput({ invitee: ' Gast@Example.de ', role: 'admin' })).toEqual({ email: 'Gast@Example.de', role: 'admin' });
    expect(inviteInput({ invitee: 'karl.k', role: 'member' })).toEqual({ username: 'karl.k', role: 'member' });
  });

  it('checks the field as what it will be sent as, with the German messages', () => {
    const message = (invitee: string) => inviteFormSchema.safeParse({ invitee, role: 'member' }).error?.issues[0]?.message;
    expect(message('ka')).toBe('Benutzername muss mindestens 3 Zeichen lang sein');
    expect(message('kein-at@')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(message('  ')).toBe('Bitte geben Sie einen Benutzernamen oder eine E-Mail-Adresse ein');
    expect(message('gast@example.de')).toBeUndefined();
  });

  it('takes a username or an address, never both or neither; addresses in lower case', () => {
    expect(inviteMemberSchema.parse({ email: ' Gast@Example.DE ' })).toEqual({ email: 'gast@example.de', role: 'member' });
    expect(inviteMemberSchema.safeParse({ username: 'karl', email: 'karl@example.de' }).success).toBe(false);
    expect(inviteMemberSchema.safeParse({ role: 'member' }).success).toBe(false);
  });
});
