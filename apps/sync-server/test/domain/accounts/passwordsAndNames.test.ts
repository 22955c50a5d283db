import { describe, expect, it } from 'vitest';
import { isWeakPassword } from '../../../src/domain/accounts/passwordStrength';
import { usernameSkeleton } from '../../../src/domain/accounts/usernameSkeleton';

describe('password strength (zxcvbn-ts)', () => {
  it('refuses the common passwords of every length, ignoring case', () => {
    for (const common of ['123456', 'password', '1234567890', 'qwertyuiop', 'PASSWORT', 'Passwort']) {
      expect(isWeakPassword(common), common).toBe(true);
    }
  });

  it('sees through digits and punctuation added to a listed word', () => {
    expect(isWeakPassword('passwort123')).toBe(true);
    expect(isWeakPassword('Password2024!')).toBe(true);
    expect(isWeakPassword('Sommer2024!')).toBe(true);
  });

  it('refuses repetitions, sequences and runs on the German keyboard, whatever their length', () => {
    for (const pattern of ['aaaaaaaaaa', 'abcdefghij', 'qwertzuiop', 'asdfghjklö', 'yxcvbnm,.-', '1234567890123']) {
      expect(isWeakPassword(pattern), pattern).toBe(true);
    }
  });

  it('counts the account’s own name and e-mail address as known words', () => {
    expect(isWeakPassword('Quendolinchen2026', ['quendolinchen', 'quendolinchen@example.de'])).toBe(true);
    expect(isWeakPassword('Quendolinchen2026', ['paula', 'paula@example.de'])).toBe(false);
  });

  it('lets passwords through that are hard to guess', () => {
    for (const fine of ['Geheim-Sani-42', 'Verbandkasten Nordost 7', 'frisch-Sani-123', 'Korrekt-Pferd-Batterie-7', 'Hund Katze Maus']) {
      expect(isWeakPassword(fine), fine).toBe(false);
    }
  });
});

describe('username skeleton (UTS #39)', () => {
  it('maps look-alikes to one skeleton', () => {
    expect(usernameSkeleton('\u043elaf')).toBe(usernameSkeleton('olaf')); // Cyrillic о
    expect(usernameSkeleton('OLAF')).toBe(usernameSkeleton('olaf'));
    expect(usernameSkeleton('ｏｌａｆ')).toBe(usernameSkeleton('olaf')); // full width (NFKC)
    expect(usernameSkeleton('karl')).toBe(usernameSkeleton('kar1'));
    expect(usernameSkeleton('0laf')).toBe(usernameSkeleton('olaf'));
    expect(usernameSkeleton('Ilse')).toBe(usernameSkeleton('llse')); // capital I and small L
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('müller')).not.toBe(usernameSkeleton('muller'));
    expect(usernameSkeleton('anna')).not.toBe(usernameSkeleton('hanna'));
  });
});
