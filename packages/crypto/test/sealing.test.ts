import { Aes128Gcm, CipherSuite, HkdfSha256 } from '@hpke/core';
import type { SealedEnvelope } from '@sanidok/schema';
import { sealedEnvelopeAlgorithm, serializeSealedEnvelope } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import {
  deriveOrganizationKeys,
  generateOrganizationSecret,
  openSealed,
  openSealedPatientData,
  organizationKem,
  patientDataAad,
  publicKeysToBase64Url,
  sealPatientData,
  sealPatientDataForDischarge,
  SealedKeyMismatchError,
  SealedOpenError,
  sealingInfo,
  sealingSuite,
  sealToOrganization,
  toBase64Url,
} from '../src';
import { lengthPrefixed } from '../src/encoding';
import { fromBase64Url } from '../src/orgKeys/payload';
import { flipBit } from './tamper';

type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (from: ArrayLike<number> | ArrayBuffer): Bytes => new Uint8Array(from instanceof ArrayBuffer ? from : Array.from(from));
const hex = (text: string): Bytes => bytes(Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16)));
const utf8 = (text: string): Bytes => bytes(new TextEncoder().encode(text));
const text = (value: Uint8Array) => new TextDecoder().decode(value);
const concat = (...parts: ArrayLike<number>[]): Bytes => bytes(parts.flatMap((p) => Array.from(p)));
const b64 = (value: string): Bytes => bytes(fromBase64Url(value) ?? []);

async function organization() {
  const secret = generateOrganizationSecret();
  const keys = await deriveOrganizationKeys(secret);
  return { secret, keys, publicKeys: publicKeysToBase64Url(keys) };
}

/**
 * RFC 9180 base mode written out independently on the platform's WebCrypto (X25519, HMAC-SHA256,
 * AES-GCM), following §4 (DHKEM), §5.1 (key schedule) and §5.2 (single-shot seal/open). It shares
 * no code with @hpke/core, so agreement in both directions shows the envelopes are plain HPKE.
 */
const independentHpke = (() => {
  const subtle = globalThis.crypto.subtle;
  const empty = new Uint8Array(0);
  const i2osp2 = (n: number) => bytes([n >> 8, n & 0xff]);
  // HMAC pads a short key with zeros (RFC 2104): the empty salt of HKDF is 32 zero bytes.
  const hmac = async (key: Uint8Array, data: Uint8Array): Promise<Bytes> => {
    const k = await subtle.importKey('raw', key.length ? bytes(key) : new Uint8Array(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return bytes(await subtle.sign('HMAC', k, bytes(data)));
  };
  const expand = async (prk: Uint8Array, info: Uint8Array, length: number): Promise<Bytes> => {
    let out: Bytes = new Uint8Array(0);
    let previous: Uint8Array = empty;
    for (let i = 1; out.length < length; i++) {
      previous = await hmac(prk, concat(previous, info, [i]));
      out = concat(out, previous);
    }
    return out.slice(0, length);
  };
  const labeledExtract = (suiteId: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) => hmac(salt, concat(utf8('HPKE-v1'), suiteId, utf8(label), ikm));
  const labeledExpand = (suiteId: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number) =>
    expand(prk, concat(i2osp2(length), utf8('HPKE-v1'), suiteId, utf8(label), info), length);

  const pkcs8Prefix = hex('302e020100300506032b656e04220420');
  const importPrivate = (sk: Uint8Array) => subtle.importKey('pkcs8', concat(pkcs8Prefix, sk), { name: 'X25519' }, true, ['deriveBits']);
  const importPublic = (pk: Uint8Array) => subtle.importKey('raw', bytes(pk), { name: 'X25519' }, true, []);
  const dh = async (privateKey: CryptoKey, pk: Uint8Array) => bytes(await subtle.deriveBits({ name: 'X25519', public: await importPublic(pk) }, privateKey, 256));
  const publicOf = async (privateKey: CryptoKey) => b64((await subtle.exportKey('jwk', privateKey)).x ?? '');

  const kemSuite = concat(utf8('KEM'), i2osp2(0x0020));
  const sharedSecret = async (secret: Uint8Array, enc: Uint8Array, pkR: Uint8Array) =>
    labeledExpand(kemSuite, await labeledExtract(kemSuite, empty, 'eae_prk', secret), 'shared_secret', concat(enc, pkR), 32);

  async function keySchedule(keyLength: 16 | 32, secret: Uint8Array, info: Uint8Array) {
    const suiteId = concat(utf8('HPKE'), i2osp2(0x0020), i2osp2(0x0001), i2osp2(keyLength === 16 ? 0x0001 : 0x0002));
    const context = concat([0], await labeledExtract(suiteId, empty, 'psk_id_hash', empty), await labeledExtract(suiteId, empty, 'info_hash', info));
    const prk = await labeledExtract(suiteId, secret, 'secret', empty);
    const key = await subtle.importKey('raw', await labeledExpand(suiteId, prk, 'key', context, keyLength), 'AES-GCM', false, ['encrypt', 'decrypt']);
    return { key, nonce: await labeledExpand(suiteId, prk, 'base_nonce', context, 12) };
  }

  return {
    async open(skR: Uint8Array, enc: Uint8Array, info: Uint8Array, aad: Uint8Array, ct: Uint8Array, keyLength: 16 | 32 = 32): Promise<Bytes> {
      const privateKey = await importPrivate(skR);
      const secret = await sharedSecret(await dh(privateKey, enc), enc, await publicOf(privateKey));
      const { key, nonce } = await keySchedule(keyLength, secret, info);
      return bytes(await subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: bytes(aad) }, key, bytes(ct)));
    },
    async seal(pkR: Uint8Array, info: Uint8Array, aad: Uint8Array, pt: Uint8Array): Promise<{ enc: Bytes; ct: Bytes }> {
      const ephemeral = await subtle.generateKey({ name: 'X25519' }, true, ['deriveBits']);
      const enc = bytes(await subtle.exportKey('raw', ephemeral.publicKey));
      const secret = await sharedSecret(await dh(ephemeral.privateKey, pkR), enc, pkR);
      const { key, nonce } = await keySchedule(32, secret, info);
      return { enc, ct: bytes(await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: bytes(aad) }, key, bytes(pt))) };
    },
  };
})();

/** RFC 9180 appendix A.1 (DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-128-GCM), base mode, sequence 0. */
const rfcA1 = {
  info: hex('4f6465206f6e2061204772656369616e2055726e'),
  skRm: hex('4612c550263fc8ad58375df3f557aac531d26850903e55a9f23f21d8534e8ac8'),
  enc: hex('37fda3567bdbd628e88668c3c8d7e97d1d1253b6d4ea6d44c150f741f1bf4431'),
  aad: hex('436f756e742d30'),
  pt: hex('4265617574792069732074727574682c20747275746820626561757479'),
  ct: hex('f938558b5d72f1a23810b4be2ab4f84331acc02fc97babc53a52ae8218a355a96d8770ac83d07bea87e13c512a'),
};

/** The additional data sealToOrganization binds (header + caller's aad), for the independent implementation. */
const envelopeAad = (envelope: SealedEnvelope, aad: Uint8Array) => bytes(lengthPrefixed([sealingInfo, String(envelope.v), envelope.alg, envelope.kid, aad]));

describe('sealing to the organisation key (HPKE, RFC 9180)', () => {
  it('uses DHKEM(X25519, HKDF-SHA256), HKDF-SHA256 and AES-256-GCM and names them in the envelope', async () => {
    const suite = sealingSuite();
    expect([suite.kem.id, suite.kdf.id, suite.aead.id]).toEqual([0x0020, 0x0001, 0x0002]);
    const { keys, publicKeys } = await organization();
    const envelope = await sealToOrganization(publicKeys, 'Max Mustermann', 'kontext');
    expect(envelope).toMatchObject({ v: 1, alg: sealedEnvelopeAlgorithm, kid: keys.fingerprint });
    expect(fromBase64Url(envelope.enc)).toHaveLength(32);
    // AES-256-GCM: ciphertext = plaintext length + 16-byte tag.
    expect(fromBase64Url(envelope.ct)).toHaveLength(utf8('Max Mustermann').length + 16);
    expect(serializeSealedEnvelope(envelope)).not.toContain('Max');
  });

  it('round-trips with the secret and with derived keys; each seal is fresh', async () => {
    const { secret, keys, publicKeys } = await organization();
    const plaintext = 'Jürgen Müller, geb. 12.04.1980, Hauptstraße 5';
    const a = await sealToOrganization(publicKeys, plaintext, 'ctx');
    const b = await sealToOrganization(publicKeys, plaintext, 'ctx');
    expect(a.enc).not.toBe(b.enc);
    expect(a.ct).not.toBe(b.ct);
    expect(text(await openSealed(secret, a, 'ctx'))).toBe(plaintext);
    expect(text(await openSealed(keys, serializeSealedEnvelope(b), 'ctx'))).toBe(plaintext);
    expect(text(await openSealed(keys, await sealToOrganization(publicKeys, new Uint8Array(0), 'ctx'), 'ctx'))).toBe('');
  });

  it('does not open with another organisation key, even when the key id is forged', async () => {
    const owner = await organization();
    const stranger = await organization();
    const envelope = await sealToOrganization(owner.publicKeys, 'geheim', 'ctx');
    await expect(openSealed(stranger.secret, envelope, 'ctx')).rejects.toBeInstanceOf(SealedKeyMismatchError);
    // A key id rewritten to the stranger's fingerprint gets past the id check, not past HPKE.
    await expect(openSealed(stranger.keys, { ...envelope, kid: stranger.keys.fingerprint }, 'ctx')).rejects.toBeInstanceOf(SealedOpenError);
  });

  it('refuses any tampering with ciphertext, encapsulated key or header', async () => {
    const { keys, publicKeys } = await organization();
    const other = await organization();
    const envelope = await sealToOrganization(publicKeys, 'Patientendaten', 'ctx');
    const tampered: unknown[] = [
      { ...envelope, ct: flipBit(envelope.ct, 0) },
      { ...envelope, ct: flipBit(envelope.ct, (fromBase64Url(envelope.ct)?.length ?? 1) - 1) },
      { ...envelope, enc: flipBit(envelope.enc, 3) },
      { ...envelope, enc: (await sealToOrganization(publicKeys, 'x', 'ctx')).enc },
      { ...envelope, v: 2 },
      { ...envelope, alg: 'HPKE-Base-X25519-SHA256-AES128GCM' },
      { ...envelope, ct: envelope.ct.slice(0, 20) },
      'kein Umschlag',
    ];
    for (const candidate of tampered) {
      await expect(openSealed(keys, candidate as SealedEnvelope, 'ctx')).rejects.toThrow();
    }
    // The key id is authenticated too: the right key under another id is refused.
    await expect(openSealed({ ...keys, fingerprint: other.keys.fingerprint }, { ...envelope, kid: other.keys.fingerprint }, 'ctx')).rejects.toBeInstanceOf(
      SealedOpenError,
    );
  });

  it('binds the additional data', async () => {
    const { keys, publicKeys } = await organization();
    const envelope = await sealToOrganization(publicKeys, 'Patientendaten', utf8('protokoll-1'));
    expect(text(await openSealed(keys, envelope, 'protokoll-1'))).toBe('Patientendaten');
    await expect(openSealed(keys, envelope, 'protokoll-2')).rejects.toBeInstanceOf(SealedOpenError);
    await expect(openSealed(keys, envelope, '')).rejects.toBeInstanceOf(SealedOpenError);
  });

  it('refuses public keys that do not match their fingerprint', async () => {
    const a = await organization();
    const b = await organization();
    await expect(sealToOrganization({ ...a.publicKeys, sealingPublicKey: b.publicKeys.sealingPublicKey }, 'x', 'ctx')).rejects.toThrow(RangeError);
    await expect(sealToOrganization({ ...a.publicKeys, keyFingerprint: b.publicKeys.keyFingerprint }, 'x', 'ctx')).rejects.toThrow(RangeError);
  });
});

describe('RFC 9180 compatibility', () => {
  it('the independent implementation reproduces the RFC test vector A.1 (so it is RFC 9180)', async () => {
    expect(await independentHpke.open(rfcA1.skRm, rfcA1.enc, rfcA1.info, rfcA1.aad, rfcA1.ct, 16)).toEqual(rfcA1.pt);
  });

  it('@hpke/core with the organisation KEM opens the RFC test vector A.1', async () => {
    const suite = new CipherSuite({ kem: organizationKem(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
    const recipientKey = await suite.kem.deserializePrivateKey(rfcA1.skRm);
    const pt = await suite.open({ recipientKey, enc: rfcA1.enc, info: rfcA1.info }, rfcA1.ct, rfcA1.aad);
    expect(bytes(pt)).toEqual(rfcA1.pt);
  });

  it('our envelopes open with the independent implementation, and its seals open with ours', async () => {
    const { keys, publicKeys } = await organization();
    const aad = utf8('protokoll-7');
    const envelope = await sealToOrganization(publicKeys, 'Erika Musterfrau', aad);
    const opened = await independentHpke.open(keys.sealing.privateKey, b64(envelope.enc), utf8(sealingInfo), envelopeAad(envelope, aad), b64(envelope.ct));
    expect(text(opened)).toBe('Erika Musterfrau');

    const header = { v: 1, alg: sealedEnvelopeAlgorithm, kid: keys.fingerprint } as const;
    const foreign = await independentHpke.seal(keys.sealing.publicKey, utf8(sealingInfo), envelopeAad({ ...header, enc: '', ct: '' }, aad), utf8('unabhängig versiegelt'));
    const independentEnvelope = { ...header, enc: toBase64Url(foreign.enc), ct: toBase64Url(foreign.ct) };
    expect(text(await openSealed(keys, independentEnvelope, aad))).toBe('unabhängig versiegelt');
  });
});

describe('patient data sealed at discharge', () => {
  const patientData = { firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich' as const, phone: '' };

  it('seals on the device for the discharge mutation and opens in the archive', async () => {
    const { secret, keys, publicKeys } = await organization();
    const org = { id: 12, ...publicKeys };
    const { sealedPatientData: envelope, sealProof } = await sealPatientDataForDischarge(org, 'p-1', patientData, '2026-11-21T10:00:00.000Z');
    expect(envelope.kid).toBe(keys.fingerprint);
    expect(sealProof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const opened = await openSealedPatientData(secret, { organizationId: 12, protocolId: 'p-1' }, envelope);
    expect(opened).toEqual({
      v: 1, protocolId: 'p-1', sealedAt: '2026-11-21T10:00:00.000Z', sealedBy: 'device', replacedValues: [],
      patientData: { firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich' },
    });
  });

  it('is bound to organisation and protocol', async () => {
    const { keys, publicKeys } = await organization();
    const envelope = await sealPatientData(publicKeys, { organizationId: 3, protocolId: 'p-1' }, {
      patientData, replacedValues: [{ field: 'phone', value: '0170 111', replacedAt: '2026-11-21T09:00:00.000Z' }], sealedAt: '2026-11-21T10:00:00.000Z', sealedBy: 'server',
    });
    expect((await openSealedPatientData(keys, { organizationId: 3, protocolId: 'p-1' }, envelope)).replacedValues).toHaveLength(1);
    await expect(openSealedPatientData(keys, { organizationId: 3, protocolId: 'p-2' }, envelope)).rejects.toBeInstanceOf(SealedOpenError);
    await expect(openSealedPatientData(keys, { organizationId: 4, protocolId: 'p-1' }, envelope)).rejects.toBeInstanceOf(SealedOpenError);
    expect(patientDataAad({ organizationId: 3, protocolId: 'p-1' })).not.toEqual(patientDataAad({ organizationId: 31, protocolId: '-p-1' }));
  });
});
