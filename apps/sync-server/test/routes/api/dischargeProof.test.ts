import { randomUUID } from 'node:crypto';
import type { DischargeSeal } from '@sanidok/crypto';
import { openSealedPatientData, publicKeysToBase64Url, sealPatientDataForDischarge, sealToOrganizationWithProof, toBase64Url } from '@sanidok/crypto';
import type { OrganizationListItem, ProtocolDetail, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganizationWithSecret, databaseTraces, sealingTeam } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { createProtocolVia, dischargePayload, storedPatientData } from '../../helpers/protocols';
import { registeredClient } from '../../helpers/testApp';

const invalidSeal =
  'Die auf dem Gerät versiegelten Patientendaten lassen sich mit dem Schlüssel der Organisation nicht öffnen. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte aktualisieren Sie die App und entlassen Sie ihn erneut.';
const otherKey =
  'Die Patientendaten wurden nicht mit dem aktuellen Schlüssel der Organisation versiegelt. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte synchronisieren Sie das Gerät und entlassen Sie ihn erneut.';
const mismatch =
  'Die auf dem Gerät versiegelten Patientendaten weichen vom gespeicherten Stand ab. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte synchronisieren Sie das Gerät und entlassen Sie ihn erneut.';

const patient = { firstName: 'Wendelgard', lastName: 'Quirinsbach', dateOfBirth: '1948-02-29', gender: 'weiblich', address: 'Ulmenweg 3' };

async function setup() {
  const { app, owner, medic, org, service } = await sealingTeam();
  const created = await createProtocolVia(medic, service.id, { patientData: patient });
  // The medic's tablet, which registered its key with the password: its pull carries the patient data.
  const pulled = await pullAsDevice(medic, await registerDevice(medic));
  const organization = pulled.organizations.find((o) => o.id === org.id);
  const change = pulled.changes.find((c) => c.entity === 'patientData' && c.id === created.protocol.id);
  if (!organization || change?.entity !== 'patientData' || change.op !== 'upsert' || !change.data.patientData) throw new Error('Organisation oder Patientendaten fehlen im Pull');
  const serverCopy = (await app.db.selectFrom('protocolPatientData').select('dataEnc').executeTakeFirstOrThrow()).dataEnc;
  const discharge = (seal: Partial<DischargeSeal>, extra: Record<string, unknown> = {}) =>
    medic.patch(`/api/patient-protocols/${created.protocol.id}/discharge`, { ...dischargePayload, ...seal, patientDataVersion: change.data.version, ...extra });
  return { app, owner, medic, org, organization, protocolId: created.protocol.id, local: change.data.patientData, serverCopy, discharge };
}

/** The refusal left everything as it was: open, the patient data readable, no sealed copy. */
async function expectUntouched(context: Awaited<ReturnType<typeof setup>>) {
  const detail = json<ProtocolDetail>(await context.medic.get(`/api/patient-protocols/${context.protocolId}`));
  expect(detail.protocol.status).toBe('active');
  expect(await storedPatientData(context.app, context.protocolId)).toMatchObject({ firstName: 'Wendelgard', lastName: 'Quirinsbach' });
  expect(await context.app.db.selectFrom('sealedPatientData').selectAll().execute()).toEqual([]);
  expect(await context.app.db.selectFrom('protocolPatientData').select('dataEnc').execute()).toEqual([{ dataEnc: context.serverCopy }]);
}

describe('a discharge proves its envelope opens before the server drops its copy', () => {
  it('keeps a device envelope whose proof opens it, drops the server copy, and leaves no trace on disk', async () => {
    const context = await setup();
    const { app, org, organization, protocolId, local, serverCopy } = context;
    expect(await databaseTraces(app, [serverCopy])).not.toEqual([]);
    const seal = await sealPatientDataForDischarge(organization, protocolId, local);
    const response = await context.discharge(seal);
    expect(response.statusCode).toBe(200);
    await app.archive.flush();

    const stored = await app.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
    expect(stored.sealedBy).toBe('device');
    expect(JSON.parse(stored.envelope)).toEqual(seal.sealedPatientData);
    expect(stored.envelope).not.toContain(seal.sealProof);
    expect(await app.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
    expect((await openSealedPatientData(org.secret, { organizationId: org.id, protocolId }, stored.envelope)).patientData).toEqual(patient);
    // Neither the name, nor the server-key copy, nor the proof is anywhere in the file or the WAL.
    expect(await databaseTraces(app, ['Wendelgard', 'Quirinsbach', 'Ulmenweg', serverCopy, seal.sealProof])).toEqual([]);
  });

  it('refuses garbage, base64 plaintext and a wrong proof with 400, and the protocol stays open and readable', async () => {
    const context = await setup();
    const { organization, protocolId, local } = context;
    const seal = await sealPatientDataForDischarge(organization, protocolId, local);
    const plaintext = toBase64Url(new TextEncoder().encode(JSON.stringify({ v: 1, protocolId, patientData: patient })));
    const other = await sealPatientDataForDischarge(organization, protocolId, local);
    const forged: Partial<DischargeSeal>[] = [
      { ...seal, sealedPatientData: { ...seal.sealedPatientData, ct: toBase64Url(new Uint8Array(80).fill(1)) } },
      { ...seal, sealedPatientData: { ...seal.sealedPatientData, ct: plaintext } },
      { ...seal, sealProof: other.sealProof },
      { ...seal, sealProof: toBase64Url(new Uint8Array(32)) },
    ];
    for (const candidate of forged) {
      const response = await context.discharge(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: invalidSeal, code: 'VALIDATION' });
    }
    // Without the proof the envelope cannot be checked: the schema refuses it.
    const unproven = await context.discharge({ sealedPatientData: seal.sealedPatientData });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json()).toMatchObject({ message: 'Die versiegelten Patientendaten lassen sich nicht prüfen. Bitte aktualisieren Sie die App und entlassen Sie den Patienten erneut.' });
    await expectUntouched(context);
  });

  it('refuses an envelope sealed to a foreign key: under its own key id 409, under the current key id 400', async () => {
    const context = await setup();
    const { app, org, protocolId, local } = context;
    const foreignOrg = await createOrganizationWithSecret(await registeredClient(app, 'fremd'), 'Fremde Organisation');
    const foreignKeys: Pick<OrganizationListItem, 'id' | 'sealingPublicKey' | 'signingPublicKey' | 'keyFingerprint'> = { id: org.id, ...publicKeysToBase64Url(foreignOrg.keys) };
    const foreign = await sealPatientDataForDischarge(foreignKeys, protocolId, local);
    const ownKid = await context.discharge(foreign);
    expect(ownKid.statusCode).toBe(409);
    expect(ownKid.json()).toMatchObject({ message: otherKey });
    const forgedKid = await context.discharge({ ...foreign, sealedPatientData: { ...foreign.sealedPatientData, kid: org.keys.fingerprint } });
    expect(forgedKid.statusCode).toBe(400);
    expect(forgedKid.json()).toMatchObject({ message: invalidSeal });
    // A well-sealed envelope for this protocol whose content is not patient data.
    const { patientDataAad } = await import('@sanidok/crypto');
    const notPayload = await sealToOrganizationWithProof(context.organization, 'Wendelgard Quirinsbach', patientDataAad({ organizationId: org.id, protocolId }));
    const text = await context.discharge({ sealedPatientData: notPayload.envelope, sealProof: toBase64Url(notPayload.ephemeralSecret) });
    expect(text.statusCode).toBe(400);
    await expectUntouched(context);
  });

  it('refuses a genuine envelope of other patient data made from the same version with 409', async () => {
    const context = await setup();
    const other = await sealPatientDataForDischarge(context.organization, context.protocolId, { ...context.local, lastName: 'Andersname' });
    const response = await context.discharge(other);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: mismatch });
    await expectUntouched(context);
  });

  it('a refused discharge by sync is rejected with the reason; the quarantine keeps neither envelope nor proof', async () => {
    const context = await setup();
    const { app, medic, organization, protocolId, local } = context;
    const seal = await sealPatientDataForDischarge(organization, protocolId, local);
    const args = { id: protocolId, ...dischargePayload, dischargedAt: new Date().toISOString(), ...seal, sealProof: toBase64Url(new Uint8Array(32).fill(9)) };
    const push = json<PushResponse>(await medic.post('/api/sync/push', { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq: 1, name: 'protocol.discharge', createdAt: new Date().toISOString(), args }] }));
    expect(push.results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION', message: invalidSeal });
    const quarantined = await app.db.selectFrom('syncQuarantine').select(['name', 'args', 'message']).executeTakeFirstOrThrow();
    expect(quarantined.name).toBe('protocol.discharge');
    expect(JSON.parse(quarantined.args)).toEqual({
      id: protocolId, dischargeStatus: 'stabil', dischargedAt: args.dischargedAt,
      omittedFields: ['dischargeOutcome', 'dischargeDestination', 'handoverTo', 'dischargeComment', 'sealedPatientData', 'sealProof'],
    });
    expect(await databaseTraces(app, [seal.sealedPatientData.ct, args.sealProof, 'Ehefrau'])).toEqual([]);
    await expectUntouched(context);
  });

  it('an edit that reaches the server after the discharge is refused; the quarantine keeps no patient data', async () => {
    const context = await setup();
    const { app, medic, organization, protocolId, local, serverCopy } = context;
    expect((await context.discharge(await sealPatientDataForDischarge(organization, protocolId, local))).statusCode).toBe(200);
    const late = { id: protocolId, baseVersion: 1, updatedAt: new Date().toISOString(), allergies: 'Latex', patientData: { lastName: 'Quirinsbach-Späth', phone: '0171 2718281' } };
    const push = json<PushResponse>(await medic.post('/api/sync/push', { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq: 1, name: 'protocol.update', createdAt: new Date().toISOString(), args: late }] }));
    expect(push.results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT', message: 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.' });
    const quarantined = await app.db.selectFrom('syncQuarantine').select(['mutationId', 'name', 'args', 'code']).executeTakeFirstOrThrow();
    expect(JSON.parse(quarantined.args)).toEqual({ id: protocolId, baseVersion: 1, updatedAt: late.updatedAt, omittedFields: ['allergies', 'patientData'] });
    await app.archive.flush();
    expect(await databaseTraces(app, ['Quirinsbach', '0171 2718281', 'Latex', serverCopy])).toEqual([]);
  });
});
