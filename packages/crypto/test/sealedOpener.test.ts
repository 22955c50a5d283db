import type { SealedEnvelope } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import {
  createPatientDataOpener,
  createSealedOpener,
  deriveOrganizationKeys,
  generateOrganizationSecret,
  openSealed,
  openSealedPatientData,
  prepareHpkeRecipient,
  publicKeysToBase64Url,
  sealPatientData,
  SealedKeyMismatchError,
  SealedOpenError,
  sealToOrganization,
  toBase64Url,
} from '../src';
import { fromBase64Url } from '../src/orgKeys/payload';
import { flipBit } from './tamper';

const hex = (text: string): Uint8Array => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16));
const text = (value: Uint8Array) => new TextDecoder().decode(value);

async function organization() {
  const keys = await deriveOrganizationKeys(generateOrganizationSecret());
  return { keys, publicKeys: publicKeysToBase64Url(keys) };
}

/** RFC 9180 appendix A.1 (DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-128-GCM), base mode, sequence 0. */
const rfcA1 = {
  info: hex('4f6465206f6e2061204772656369616e2055726e'),
  skRm: hex('4612c550263fc8ad58375df3f557aac531d26850903e55a9f23f21d8534e8ac8'),
  pkRm: hex('3948cfe0ad1ddb695d780e59077195da6c56506b027329794ab02bca80815c4d'),
  enc: hex('37fda3567bdbd628e88668c3c8d7e97d1d1253b6d4ea6d44c150f741f1bf4431'),
  aad: hex('436f756e742d30'),
  pt: hex('4265617574792069732074727574682c20747275746820626561757479'),
  ct: hex('f938558b5d72f1a23810b4be2ab4f84331acc02fc97babc53a52ae8218a355a96d8770ac83d07bea87e13c512a'),
};

describe('opening many envelopes with one prepared key (createSealedOpener)', () => {
  it('reproduces the RFC 9180 test vector A.1 (the same composition with AES-128-GCM)', async () => {
    const recipient = await prepareHpkeRecipient(rfcA1.skRm, rfcA1.pkRm, { aeadId: 0x0001, info: rfcA1.info });
    expect(await recipient.open(rfcA1.enc, rfcA1.ct, rfcA1.aad)).toEqual(rfcA1.pt);
    // Any other additional data, info or public key changes the key schedule: no plaintext.
    await expect(recipient.open(rfcA1.enc, rfcA1.ct, hex('436f756e742d31'))).rejects.toThrow();
    const otherInfo = await prepareHpkeRecipient(rfcA1.skRm, rfcA1.pkRm, { aeadId: 0x0001, info: hex('00') });
    await expect(otherInfo.open(rfcA1.enc, rfcA1.ct, rfcA1.aad)).rejects.toThrow();
    const asAes256 = await prepareHpkeRecipient(rfcA1.skRm, rfcA1.pkRm, { aeadId: 0x0002, info: rfcA1.info });
    await expect(asAes256.open(rfcA1.enc, rfcA1.ct, rfcA1.aad)).rejects.toThrow();
  });

  it('opens what @hpke/core sealed (sealToOrganization), exactly as openSealed does', async () => {
    const { keys, publicKeys } = await organization();
    const opener = await createSealedOpener(keys);
    const plaintexts = ['Jürgen Müller, geb. 12.04.1980', '', 'x'.repeat(5000)];
    const envelopes = await Promise.all(plaintexts.map((p, i) => sealToOrganization(publicKeys, p, `protokoll-${i}`)));
    const opened = await Promise.all(envelopes.map((e, i) => opener.open(e, `protokoll-${i}`)));
    expect(opened.map(text)).toEqual(plaintexts);
    for (const [i, envelope] of envelopes.entries()) expect(await openSealed(keys, envelope, `protokoll-${i}`)).toEqual(opened[i]);
  });

  it('refuses another key, a forged key id, other additional data and every tampering', async () => {
    const { keys, publicKeys } = await organization();
    const stranger = await organization();
    const opener = await createSealedOpener(keys);
    const envelope = await sealToOrganization(publicKeys, 'Patientendaten', 'ctx');
    await expect((await createSealedOpener(stranger.keys)).open(envelope, 'ctx')).rejects.toBeInstanceOf(SealedKeyMismatchError);
    await expect((await createSealedOpener(stranger.keys)).open({ ...envelope, kid: stranger.keys.fingerprint }, 'ctx')).rejects.toBeInstanceOf(SealedOpenError);
    await expect(opener.open(envelope, 'ctx2')).rejects.toBeInstanceOf(SealedOpenError);
    const tampered: unknown[] = [
      { ...envelope, ct: flipBit(envelope.ct, 0) },
      { ...envelope, ct: flipBit(envelope.ct, (fromBase64Url(envelope.ct)?.length ?? 1) - 1) },
      { ...envelope, enc: flipBit(envelope.enc, 3) },
      { ...envelope, enc: toBase64Url(new Uint8Array(32)) },
      { ...envelope, enc: toBase64Url(new Uint8Array(31)) },
      { ...envelope, enc: (await sealToOrganization(publicKeys, 'x', 'ctx')).enc },
      { ...envelope, v: 2 },
      { ...envelope, alg: 'HPKE-Base-X25519-SHA256-AES128GCM' },
      { ...envelope, ct: envelope.ct.slice(0, 20) },
      'kein Umschlag',
    ];
    for (const candidate of tampered) await expect(opener.open(candidate as SealedEnvelope, 'ctx')).rejects.toThrow();
    // The opener keeps working for good envelopes after refusals.
    expect(text(await opener.open(envelope, 'ctx'))).toBe('Patientendaten');
  });

  it('opens sealed patient data like openSealedPatientData, bound to organisation and protocol', async () => {
    const { keys, publicKeys } = await organization();
    const payload = {
      patientData: { firstName: 'Erika', lastName: 'Musterfrau', dateOfBirth: '1962-07-14', gender: 'weiblich' as const },
      replacedValues: [{ field: 'phone', value: '0170 111', replacedAt: '2026-11-21T09:00:00.000Z' }], sealedAt: '2026-11-21T10:00:00.000Z', sealedBy: 'server' as const,
    };
    const envelope = await sealPatientData(publicKeys, { organizationId: 3, protocolId: 'p-1' }, payload);
    const opener = await createPatientDataOpener(keys);
    expect(await opener.open({ organizationId: 3, protocolId: 'p-1' }, envelope)).toEqual(await openSealedPatientData(keys, { organizationId: 3, protocolId: 'p-1' }, envelope));
    await expect(opener.open({ organizationId: 3, protocolId: 'p-2' }, envelope)).rejects.toBeInstanceOf(SealedOpenError);
    await expect(opener.open({ organizationId: 4, protocolId: 'p-1' }, envelope)).rejects.toBeInstanceOf(SealedOpenError);
  });
});
