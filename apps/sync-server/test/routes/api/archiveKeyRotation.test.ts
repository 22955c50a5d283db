import { deriveOrganizationKeys, generateOrganizationSecret, openSealedPatientData, publicKeysToBase64Url } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, ArchiveProtocolsResponse, PullResponse } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganizationWithSecret, openArchive } from '../../helpers/archive';
import { addMember } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import { stringWith } from '../../helpers/matchers';

/**
 * POST /api/organizations/{orgId}/generate-key as a key rotation (docs/decisions.md): the owner's
 * browser makes the new key; earlier records stay sealed to the earlier key.
 */
describe('organisation key rotation', () => {
  it('stores only new public keys, seals later discharges to them and keeps earlier records under the earlier key', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const admin = await addMember(app, owner, org.id, 'adam', 'admin');
    const medic = await addMember(app, owner, org.id, 'mona');
    const service = await createServiceVia(owner, org.id);
    const url = `/api/organizations/${org.id}/generate-key`;
    const discharge = async (lastName: string) => {
      const { protocol } = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Eva', lastName } });
      await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload);
      return protocol.id;
    };
    const before = await discharge('Vorher');

    const newSecret = generateOrganizationSecret();
    const newKeys = publicKeysToBase64Url(await deriveOrganizationKeys(newSecret));
    for (const [client, status] of [[admin, 403], [medic, 403]] as const) {
      expect((await client.post(url, { ...newKeys, currentPassword: 'Geheim-Sani-42' })).statusCode).toBe(status);
    }
    const wrongPassword = await owner.post(url, { ...newKeys, currentPassword: 'falsch' });
    expect([wrongPassword.statusCode, json<ApiErrorBody>(wrongPassword).fields]).toEqual([400, { currentPassword: 'Das Passwort ist falsch.' }]);
    const mismatched = await owner.post(url, { ...newKeys, keyFingerprint: org.keys.fingerprint, currentPassword: 'Geheim-Sani-42' });
    expect(mismatched.statusCode).toBe(400);
    const same = await owner.post(url, { ...publicKeysToBase64Url(org.keys), currentPassword: 'Geheim-Sani-42' });
    expect([same.statusCode, json<ApiErrorBody>(same).message]).toEqual([409, 'Dieser Schlüssel ist bereits der aktuelle Organisationsschlüssel.']);

    const rotated = await owner.post(url, { ...newKeys, currentPassword: 'Geheim-Sani-42' });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ id: org.id, role: 'owner', ...newKeys });
    expect(rotated.body).not.toMatch(/SANI1|encryptionKey/);
    // Devices get the new key with their next pull and seal to it.
    expect(json<PullResponse>(await medic.get('/api/sync/pull')).organizations[0]).toMatchObject(newKeys);
    const after = await discharge('Nachher');

    const oldView = json<ArchiveProtocolsResponse>(await openArchive(owner, org.id, service.id, org.secret));
    expect(oldView).toMatchObject({ keyFingerprint: org.keys.fingerprint, sealedToOtherKeys: 1 });
    expect(oldView.protocols.map((p) => p.protocol.id)).toEqual([before]);
    const newView = json<ArchiveProtocolsResponse>(await openArchive(owner, org.id, service.id, newSecret));
    expect(newView).toMatchObject({ keyFingerprint: newKeys.keyFingerprint, sealedToOtherKeys: 1 });
    expect(newView.protocols.map((p) => p.protocol.id)).toEqual([after]);
    const opened = await openSealedPatientData(newSecret, { organizationId: org.id, protocolId: after }, newView.protocols[0]?.sealed.envelope ?? '');
    expect(opened.patientData.lastName).toBe('Nachher');
    await expect(openSealedPatientData(newSecret, { organizationId: org.id, protocolId: before }, oldView.protocols[0]?.sealed.envelope ?? '')).rejects.toThrow();

    const logs = json<AccessLogItem[]>(await owner.get(`/api/organizations/${org.id}/access-logs`));
    expect(logs).toContainEqual(expect.objectContaining({ actionType: 'other', details: stringWith(`Organisationsschlüssel erneuert: neuer Fingerabdruck ${newKeys.keyFingerprint}`) }));
  });

  it('refuses while the organisation is blocked', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    await app.db.updateTable('organizations').set({ isBlocked: 1 }).where('id', '=', org.id).execute();
    const newKeys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    expect((await owner.post(`/api/organizations/${org.id}/generate-key`, { ...newKeys, currentPassword: 'Geheim-Sani-42' })).statusCode).toBe(423);
    expect((await owner.get(`/api/organizations/${org.id}/archive/services`)).statusCode).toBe(200);
  });
});
