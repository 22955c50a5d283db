import { Aes256Gcm, CipherSuite, DhkemX25519HkdfSha256 as WebCryptoX25519Kem, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import type { KemInterface } from '@hpke/core';
import type { OrganizationPublicKeyPayload } from '../src';
import {
  deriveOrganizationKeys,
  encodeOrganizationSecret,
  fromBase64Url,
  generateOrganizationSecret,
  organizationKem,
  organizationKeyFingerprint,
  parseOrganizationSecret,
  publicKeysFromBase64Url,
  publicKeysToBase64Url,
  signChallenge,
  toBase64Url,
  toHex,
  verifyChallengeSignature,
  verifyPublicKeyFingerprint,
} from '../src';
import { loadSodium } from '../src/sodium';

const hex = (text: string): Uint8Array => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Secret = bytes 0..31. The expected values were computed once and cross-checked with an
 * independent Python implementation (OpenSSL X25519/Ed25519, hand-written HKDF and base32).
 * If one of these fails, the derivation changed and every existing organisation key with it. */
const vectorSecret = Uint8Array.from({ length: 32 }, (_, i) => i);
const vector = {
  sealingPrivateKeyHex: '24fc69a8a5880a76abd63a35fb52f8b363719d077d55ef81bd1a9e04c379b1df',
  sealingPublicKey: '0-KZNMXFSVNc-CD3miM0tkWNE2l8Y6-dpE9_ZUQyT0U',
  signingPublicKey: 'aylhvrowim1Ip6n-LAOSA6_U6v3gNamUp86Zzn6ucPQ',
  keyFingerprint: 'be8b-0c7e-3cb9-621f-b2d6-7fc0-a067-7cbd',
  text: 'SANI1-000G4-0R40M-30E20-9185G-R38E1-W8124-GK2GA-HC5RR-34D1P-70X3R-FSTDN-GHW',
  challenge: 'sanidok-challenge',
  signatureHex:
    'c7ba5148613a4acedc00f8d6a2196724ac20eca46a10eaf1ecd28a66ca462594' +
    'f92bb0f59d6bf36435a9b1f850631ce5e3dffaeffa6205d4acb1e34bf75a4802',
};

function suiteWith(kem: KemInterface): CipherSuite {
  return new CipherSuite({ kem, kdf: new HkdfSha256(), aead: new Aes256Gcm() });
}

async function seal(publicKey: Uint8Array, plaintext: Uint8Array, kem: KemInterface = organizationKem()) {
  const suite = suiteWith(kem);
  const recipientPublicKey = await suite.kem.deserializePublicKey(publicKey);
  return suite.seal({ recipientPublicKey, info: utf8('sanidok-test') }, plaintext);
}

async function open(privateKey: Uint8Array, sealed: { enc: ArrayBuffer; ct: ArrayBuffer }) {
  const suite = suiteWith(organizationKem());
  const recipientKey = await suite.kem.deserializePrivateKey(privateKey);
  return new Uint8Array(await suite.open({ recipientKey, enc: sealed.enc, info: utf8('sanidok-test') }, sealed.ct));
}

describe('organisation key derivation', () => {
  it('matches the fixed vectors', async () => {
    const keys = await deriveOrganizationKeys(vectorSecret);
    expect(toHex(keys.sealing.privateKey)).toBe(vector.sealingPrivateKeyHex);
    expect(publicKeysToBase64Url(keys)).toEqual({
      sealingPublicKey: vector.sealingPublicKey,
      signingPublicKey: vector.signingPublicKey,
      keyFingerprint: vector.keyFingerprint,
    });
    expect(keys.fingerprint).toBe(vector.keyFingerprint);
    expect(keys.signing.privateKey).toHaveLength(64);
    expect(encodeOrganizationSecret(vectorSecret)).toBe(vector.text);
    const signature = await signChallenge(vectorSecret, utf8(vector.challenge));
    expect(toHex(signature)).toBe(vector.signatureHex);
  });

  it('uses an HPKE DeriveKeyPair that matches RFC 9180 appendix A.1', async () => {
    // Pins the library behaviour our sealing keys rest on, independent of our own vectors.
    const kem = organizationKem();
    const pair = await kem.deriveKeyPair(hex('6db9df30aa07dd42ee5e8181afdb977e538f5e1fec8a06223f33f7013e525037'));
    expect(toHex(new Uint8Array(await kem.serializePrivateKey(pair.privateKey)))).toBe(
      '4612c550263fc8ad58375df3f557aac531d26850903e55a9f23f21d8534e8ac8',
    );
    expect(toHex(new Uint8Array(await kem.serializePublicKey(pair.publicKey)))).toBe(
      '3948cfe0ad1ddb695d780e59077195da6c56506b027329794ab02bca80815c4d',
    );
  });

  it('gives X25519 keys that libsodium agrees with, and separates the two key pairs', async () => {
    const sodium = await loadSodium();
    const keys = await deriveOrganizationKeys(generateOrganizationSecret());
    expect(sodium.crypto_scalarmult_base(keys.sealing.privateKey)).toEqual(keys.sealing.publicKey);
    expect(keys.sealing.publicKey).not.toEqual(keys.signing.publicKey);
    expect(keys.signing.privateKey.subarray(32)).toEqual(keys.signing.publicKey);
    expect(await deriveOrganizationKeys(new Uint8Array(vectorSecret))).toEqual(await deriveOrganizationKeys(vectorSecret));
  });

  it('generates fresh 32-byte secrets and refuses other lengths', async () => {
    const a = generateOrganizationSecret();
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(generateOrganizationSecret());
    await expect(deriveOrganizationKeys(new Uint8Array(31))).rejects.toThrow(RangeError);
    expect(() => encodeOrganizationSecret(new Uint8Array(33))).toThrow(RangeError);
  });
});

describe('HPKE against the derived keys', () => {
  it('seals to the derived public key and opens with the derived private key', async () => {
    const keys = await deriveOrganizationKeys(generateOrganizationSecret());
    const message = utf8('Max Mustermann, geb. 01.02.1980');
    const sealed = await seal(keys.sealing.publicKey, message);
    expect(await open(keys.sealing.privateKey, sealed)).toEqual(message);
  });

  it('opens what the WebCrypto X25519 KEM of @hpke/core sealed (a second implementation)', async () => {
    const keys = await deriveOrganizationKeys(vectorSecret);
    const sealed = await seal(keys.sealing.publicKey, utf8('interop'), new WebCryptoX25519Kem());
    expect(await open(keys.sealing.privateKey, sealed)).toEqual(utf8('interop'));
  });

  it('cannot be opened with a key from another secret', async () => {
    const keys = await deriveOrganizationKeys(vectorSecret);
    const other = await deriveOrganizationKeys(generateOrganizationSecret());
    const sealed = await seal(keys.sealing.publicKey, utf8('geheim'));
    await expect(open(other.sealing.privateKey, sealed)).rejects.toThrow();
  });
});

describe('secret text form', () => {
  it('round-trips random secrets', () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateOrganizationSecret();
      const text = encodeOrganizationSecret(secret);
      expect(text).toMatch(/^SANI1(-[0-9A-HJKMNP-TV-Z]{5}){11}-[0-9A-HJKMNP-TV-Z]{3}$/);
      expect(parseOrganizationSecret(text)).toEqual({ ok: true, secret });
    }
  });

  it('reads case, blanks, line breaks, odd dashes and Crockford look-alikes', () => {
    const expected = { ok: true, secret: vectorSecret };
    const body = vector.text.slice('SANI1-'.length);
    const variants = [
      vector.text.toLowerCase(),
      `  ${vector.text.replace(/-/g, ' ')}\n`,
      vector.text.replace(/-/g, ''),
      vector.text.replace(/-/g, '--'),
      vector.text.replace(/-/g, '\u2013'),
      `SANI1\n${body.slice(0, 35)}\r\n${body.slice(35)}`,
      `SANI1-${body.replace(/0/g, 'O').replace(/1/g, 'l')}`,
      `sani1-${body.replace(/0/g, 'o').replace(/1/g, 'i')}`,
    ];
    for (const text of variants) expect(parseOrganizationSecret(text), text).toEqual(expected);
  });

  it('reports every single-character substitution, never accepts a different secret', () => {
    const text = vector.text;
    const candidates = [...Array.from('0123456789ABCDEFGHJKMNPQRSTVWXYZ'), 'U', '*', '#', 'Ä'];
    const lookAlike: Record<string, string> = { O: '0', I: '1', L: '1' };
    let checked = 0;
    for (let i = 0; i < text.length; i++) {
      const original = text.charAt(i);
      if (original === '-') continue;
      const inBody = i >= 'SANI1-'.length;
      for (const candidate of [...candidates, 'O', 'I', 'L']) {
        // In the body O/I/L are read as 0/1 (tested above); in the prefix nothing is remapped.
        const read = inBody ? (lookAlike[candidate] ?? candidate) : candidate;
        if (read === original) continue;
        const result = parseOrganizationSecret(text.slice(0, i) + candidate + text.slice(i + 1));
        const validSymbol = /^[0-9A-HJKMNP-TV-Z]$/.test(read);
        expect(result, `${i}:${candidate}`).toEqual({
          ok: false,
          reason: inBody && validSymbol ? 'checksum' : 'format',
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(58 * 31);
  });

  it('reports swapped neighbours as mistyped', () => {
    const body = vector.text.replace(/-/g, '').slice(5);
    for (let i = 0; i + 1 < body.length; i++) {
      if (body[i] === body[i + 1]) continue;
      const swapped = body.slice(0, i) + body.charAt(i + 1) + body.charAt(i) + body.slice(i + 2);
      expect(parseOrganizationSecret(`SANI1${swapped}`)).toEqual({ ok: false, reason: 'checksum' });
    }
  });

  it('calls garbage a format error', () => {
    for (const text of [
      '',
      'hallo',
      vector.text.replace('SANI1', 'SANI2'),
      vector.text.slice(6),
      vector.text.slice(0, -1),
      `${vector.text}0`,
      vector.text.replace('SANI1-000G4', 'SANI1-000U4'),
      'SANI1-' + '0'.repeat(1000),
    ]) {
      expect(parseOrganizationSecret(text), text).toEqual({ ok: false, reason: 'format' });
    }
  });
});

describe('public key payload', () => {
  const payload = (): OrganizationPublicKeyPayload => ({
    sealingPublicKey: vector.sealingPublicKey,
    signingPublicKey: vector.signingPublicKey,
    keyFingerprint: vector.keyFingerprint,
  });

  it('accepts a matching payload and decodes it', async () => {
    expect(await verifyPublicKeyFingerprint(payload())).toBe(true);
    const keys = publicKeysFromBase64Url(payload());
    expect(keys?.sealingPublicKey).toHaveLength(32);
    expect(keys && organizationKeyFingerprint(keys)).toBe(vector.keyFingerprint);
    expect(vector.keyFingerprint).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
  });

  it('detects a fingerprint that does not match the keys', async () => {
    const other = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    const wrong: OrganizationPublicKeyPayload[] = [
      { ...payload(), keyFingerprint: other.keyFingerprint },
      { ...payload(), sealingPublicKey: other.sealingPublicKey },
      { ...payload(), signingPublicKey: other.signingPublicKey },
      { ...payload(), sealingPublicKey: vector.signingPublicKey, signingPublicKey: vector.sealingPublicKey },
      { ...payload(), keyFingerprint: vector.keyFingerprint.toUpperCase() },
    ];
    for (const p of wrong) expect(await verifyPublicKeyFingerprint(p)).toBe(false);
  });

  it('refuses malformed or unusable keys even with a matching fingerprint', async () => {
    const withKeys = (sealing: Uint8Array, signing: Uint8Array): OrganizationPublicKeyPayload =>
      publicKeysToBase64Url({ sealing: { publicKey: sealing }, signing: { publicKey: signing } });
    const keys = await deriveOrganizationKeys(vectorSecret).then((k) => ({
      sealingPublicKey: k.sealing.publicKey,
      signingPublicKey: k.signing.publicKey,
    }));
    const highBit = keys.sealingPublicKey.slice();
    highBit[31] = (highBit[31] ?? 0) | 0x80;
    const notAPoint = keys.signingPublicKey.slice();
    notAPoint[0] = (notAPoint[0] ?? 0) ^ 1; // almost surely off the curve; checked below
    const sodium = await loadSodium();
    expect(sodium.crypto_core_ed25519_is_valid_point(notAPoint)).toBe(false);
    for (const p of [
      withKeys(new Uint8Array(32), keys.signingPublicKey), // X25519 small-order point
      withKeys(highBit, keys.signingPublicKey),
      withKeys(keys.sealingPublicKey, notAPoint),
      withKeys(keys.sealingPublicKey, new Uint8Array(32)),
    ]) {
      expect(await verifyPublicKeyFingerprint(p)).toBe(false);
    }
    expect(await verifyPublicKeyFingerprint({ ...payload(), sealingPublicKey: `${vector.sealingPublicKey}A` })).toBe(false);
    expect(await verifyPublicKeyFingerprint({ ...payload(), signingPublicKey: `${vector.signingPublicKey}=` })).toBe(false);
  });

  it('decodes only canonical base64url', () => {
    const bytes = generateOrganizationSecret();
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('')).toEqual(new Uint8Array(0));
    expect(fromBase64Url('AB')).toBeUndefined(); // stray low bits: 'AA' is the spelling of 0x00
    expect(fromBase64Url('AA==')).toBeUndefined();
    expect(fromBase64Url('A+/A')).toBeUndefined();
    expect(fromBase64Url('AAAAA')).toBeUndefined();
  });
});

describe('challenge signatures', () => {
  it('verifies a signature made from the secret or the derived key, and nothing else', async () => {
    const keys = await deriveOrganizationKeys(vectorSecret);
    const challenge = utf8('archive-challenge-42');
    const fromSecret = await signChallenge(vectorSecret, challenge);
    expect(await signChallenge(keys.signing.privateKey, challenge)).toEqual(fromSecret);
    expect(await verifyChallengeSignature(keys.signing.publicKey, challenge, fromSecret)).toBe(true);

    const other = await deriveOrganizationKeys(generateOrganizationSecret());
    const tampered = fromSecret.slice();
    tampered[10] = (tampered[10] ?? 0) ^ 0x40;
    expect(await verifyChallengeSignature(keys.signing.publicKey, utf8('archive-challenge-43'), fromSecret)).toBe(false);
    expect(await verifyChallengeSignature(other.signing.publicKey, challenge, fromSecret)).toBe(false);
    expect(await verifyChallengeSignature(keys.signing.publicKey, challenge, tampered)).toBe(false);
    expect(await verifyChallengeSignature(keys.signing.publicKey, challenge, fromSecret.subarray(1))).toBe(false);
    expect(await verifyChallengeSignature(new Uint8Array(31), challenge, fromSecret)).toBe(false);
    await expect(signChallenge(new Uint8Array(48), challenge)).rejects.toThrow(RangeError);
  });
});
