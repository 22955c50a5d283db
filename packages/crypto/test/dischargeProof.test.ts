import type { SealedEnvelope } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import {
  deriveOrganizationKeys,
  generateOrganizationSecret,
  openSealedPatientData,
  openWithEphemeralSecret,
  publicKeysToBase64Url,
  sealPatientData,
  sealPatientDataForDischarge,
  SealedKeyMismatchError,
  SealedOpenError,
  sealToOrganizationWithProof,
  toBase64Url,
  verifyDischargeSeal,
} from '../src';
import { fromBase64Url } from '../src/orgKeys/payload';
import { flipBit } from './tamper';

async function organization(id = 7) {
  const secret = generateOrganizationSecret();
  const keys = await deriveOrganizationKeys(secret);
  return { secret, keys, org: { id, ...publicKeysToBase64Url(keys) } };
}

const patientData = { firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12' };
const context = (organizationId: number) => ({ organizationId, protocolId: 'p-1' });

describe('the discharge proof (verifyDischargeSeal)', () => {
  it('opens a device envelope with its proof to the same payload the owner opens', async () => {
    const { secret, org } = await organization();
    const { sealedPatientData, sealProof } = await sealPatientDataForDischarge(org, 'p-1', patientData, '2026-11-24T10:00:00.000Z');
    const verified = await verifyDischargeSeal(org, context(org.id), sealedPatientData, sealProof);
    expect(verified).toEqual({ v: 1, protocolId: 'p-1', patientData, replacedValues: [], sealedAt: '2026-11-24T10:00:00.000Z', sealedBy: 'device' });
    expect(await openSealedPatientData(secret, context(org.id), sealedPatientData)).toEqual(verified);
  });

  it('each envelope has its own ephemeral secret, whose public key is the envelope\'s enc', async () => {
    const { org } = await organization();
    const [a, b] = await Promise.all([sealToOrganizationWithProof(org, 'x', 'aad'), sealToOrganizationWithProof(org, 'x', 'aad')]);
    expect(a.ephemeralSecret).toHaveLength(32);
    expect(toBase64Url(a.ephemeralSecret)).not.toBe(toBase64Url(b.ephemeralSecret));
    expect(new TextDecoder().decode(await openWithEphemeralSecret(org, a.envelope, a.ephemeralSecret, 'aad'))).toBe('x');
    await expect(openWithEphemeralSecret(org, a.envelope, b.ephemeralSecret, 'aad')).rejects.toBeInstanceOf(SealedOpenError);
  });

  it('refuses garbage ciphertext, base64 plaintext and tampering', async () => {
    const { org } = await organization();
    const { sealedPatientData: envelope, sealProof } = await sealPatientDataForDischarge(org, 'p-1', patientData);
    const plaintext = toBase64Url(new TextEncoder().encode(JSON.stringify({ v: 1, protocolId: 'p-1', patientData })));
    const garbage = toBase64Url(new Uint8Array(64).fill(7));
    const forged: SealedEnvelope[] = [
      { ...envelope, ct: garbage },
      { ...envelope, ct: plaintext },
      { ...envelope, ct: flipBit(envelope.ct, 0) },
      { ...envelope, enc: flipBit(envelope.enc, 3) },
    ];
    for (const candidate of forged) {
      await expect(verifyDischargeSeal(org, context(org.id), candidate, sealProof)).rejects.toBeInstanceOf(SealedOpenError);
    }
  });

  it('refuses a wrong or malformed proof', async () => {
    const { org } = await organization();
    const { sealedPatientData, sealProof } = await sealPatientDataForDischarge(org, 'p-1', patientData);
    const other = await sealPatientDataForDischarge(org, 'p-1', patientData);
    for (const proof of [other.sealProof, flipBit(sealProof, 5), toBase64Url(new Uint8Array(32)), 'nicht-base64!', toBase64Url(new Uint8Array(16))]) {
      await expect(verifyDischargeSeal(org, context(org.id), sealedPatientData, proof)).rejects.toBeInstanceOf(SealedOpenError);
    }
  });

  it('refuses an envelope sealed to a foreign key, with the foreign or a forged key id', async () => {
    const { org } = await organization();
    const foreign = await organization(org.id);
    const sealed = await sealPatientDataForDischarge(foreign.org, 'p-1', patientData);
    await expect(verifyDischargeSeal(org, context(org.id), sealed.sealedPatientData, sealed.sealProof)).rejects.toBeInstanceOf(SealedKeyMismatchError);
    const forgedKid = { ...sealed.sealedPatientData, kid: org.keyFingerprint };
    await expect(verifyDischargeSeal(org, context(org.id), forgedKid, sealed.sealProof)).rejects.toBeInstanceOf(SealedOpenError);
  });

  it('refuses an envelope of another protocol or organisation, and one that is not a payload', async () => {
    const { org } = await organization();
    const otherProtocol = await sealPatientDataForDischarge(org, 'p-2', patientData);
    await expect(verifyDischargeSeal(org, context(org.id), otherProtocol.sealedPatientData, otherProtocol.sealProof)).rejects.toBeInstanceOf(SealedOpenError);
    await expect(verifyDischargeSeal(org, { organizationId: 99, protocolId: 'p-1' }, (await sealPatientDataForDischarge(org, 'p-1', patientData)).sealedPatientData, otherProtocol.sealProof)).rejects.toBeInstanceOf(SealedOpenError);
    // A well-sealed envelope whose content is not a patient-data payload.
    const { patientDataAad } = await import('../src');
    const notPayload = await sealToOrganizationWithProof(org, 'Jürgen Müller', patientDataAad(context(org.id)));
    await expect(verifyDischargeSeal(org, context(org.id), notPayload.envelope, toBase64Url(notPayload.ephemeralSecret))).rejects.toBeInstanceOf(SealedOpenError);
  });

  it('a server-sealed envelope has no proof to offer', async () => {
    const { org } = await organization();
    const envelope = await sealPatientData(org, context(org.id), { patientData, replacedValues: [], sealedAt: '2026-11-24T10:00:00.000Z', sealedBy: 'server' });
    const guess = toBase64Url(fromBase64Url(envelope.enc) ?? new Uint8Array(32));
    await expect(verifyDischargeSeal(org, context(org.id), envelope, guess)).rejects.toBeInstanceOf(SealedOpenError);
  });
});
