import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../src/base64url';
import { randomBytes } from '../src/random';

describe('base64url (device envelopes, public keys)', () => {
  it('encodes as Node does and decodes back, for every length', () => {
    for (let run = 0; run < 2000; run += 1) {
      const bytes = randomBytes(run % 201);
      const text = encodeBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64Url(text)).toEqual(bytes);
    }
  });

  it('refuses every other spelling: padding, the other alphabet, impossible lengths, stray low bits', () => {
    expect(decodeBase64Url('')).toEqual(new Uint8Array(0));
    for (const text of ['QQ==', 'a+b/', 'A', 'AAAAA', 'QR', 'QUJ', 'ä', 'QU I']) expect(decodeBase64Url(text), text).toBeUndefined();
    expect(decodeBase64Url('QQ')).toEqual(new Uint8Array([65]));
    expect(decodeBase64Url('QUI')).toEqual(new Uint8Array([65, 66]));
  });
});
