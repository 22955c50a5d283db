import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../../src/domain/accounts/passwordBlockList';
import { usernameSkeleton } from '../../../src/domain/accounts/usernameSkeleton';

describe('block list of common passwords (zxcvbn-ts dictionaries)', () => {
  it('knows the common passwords of every length, ignoring case', () => {
    for (const common of ['123456', 'password', '1234567890', 'qwertyuiop', 'PASSWORT', 'Passwort']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
  });

  it('sees through digits and punctuation added to a listed word', () => {
    expect(isCommonPassword('passwort123')).toBe(true);
    expect(isCommonPassword('Password2024!')).toBe(true);
  });

  it('lets uncommon passwords through', () => {
    for (const fine of ['Geheim-Sani-42', 'Verbandkasten Nordost 7', 'frisch-Sani-123', 'bench-passwort']) {
      expect(isCommonPassword(fine), fine).toBe(false);
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
