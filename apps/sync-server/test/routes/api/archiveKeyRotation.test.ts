import { generateOrganizationSecret, openSealedPatientData, publicKeysToBase64Url, signKeyRotation } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, ArchiveProtocolsResponse, PullResponse } from '@sanidok/schema';
import { archiveMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { createOrganizationWithSecret, openArchive, rotationBody } from '../../helpers/archive';
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

    const { secret: newSecret, keys: newKeys, body } = await rotationBody(owner, org.id, org.secret);
    for (const [client, status] of [[admin, 403], [medic, 403]] as const) {
      expect((await client.post(url, body)).statusCode).toBe(status);
    }
    const wrongPassword = await owner.post(url, { ...body, currentPassword: 'falsch' });
    expect([wrongPassword.statusCode, json<ApiErrorBody>(wrongPassword).fields]).toEqual([400, { currentPassword: 'Das Passwort ist falsch.' }]);
    const mismatched = await owner.post(url, { ...body, keyFingerprint: org.keys.fingerprint });
    expect(mismatched.statusCode).toBe(400);
    const same = await owner.post(url, { ...body, ...publicKeysToBase64Url(org.keys) });
    expect([same.statusCode, json<ApiErrorBody>(same).message]).toEqual([409, 'Dieser Schlüssel ist bereits der aktuelle Organisationsschlüssel.']);

    const rotated = await owner.post(url, body);
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
    await app.mailer.flush();
    const mails = await app.db.selectFrom('emailLogs').select(['templateName', 'toEmail', 'subject']).where('templateName', '=', 'organization_key_rotated').execute();
    expect(mails).toEqual([{ templateName: 'organization_key_rotated', toEmail: 'olga@example.de', subject: 'Neuer Organisationsschlüssel für „DRK Musterstadt“' }]);
  });

  it('refuses a new key that the current key did not sign: unsigned, forged, self-signed, signed for another organisation', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const other = await createOrganizationWithSecret(owner, 'Andere Organisation');
    const url = `/api/organizations/${org.id}/generate-key`;
    const { rotationSignature: _dropped, ...unsigned } = (await rotationBody(owner, org.id, org.secret)).body;
    const missing = await owner.post(url, unsigned);
    expect([missing.statusCode, json<ApiErrorBody>(missing).message]).toEqual([400, 'Bitte geben Sie den bisherigen Organisationsschlüssel ein.']);
    const attempts = [
      async () => (await rotationBody(owner, org.id, generateOrganizationSecret())).body,
      async () => {
        const rotation = await rotationBody(owner, org.id, org.secret);
        return { ...rotation.body, rotationSignature: await signKeyRotation(rotation.secret, org.id, rotation.challenge.nonce, rotation.keys) };
      },
      async () => {
        const rotation = await rotationBody(owner, org.id, org.secret);
        return { ...rotation.body, rotationSignature: await signKeyRotation(org.secret, other.id, rotation.challenge.nonce, rotation.keys) };
      },
    ];
    for (const attempt of attempts) {
      const refused = await owner.post(url, await attempt());
      expect([refused.statusCode, json<ApiErrorBody>(refused).message]).toEqual([403, stringWith('nicht mit dem bisherigen Organisationsschlüssel bestätigt')]);
    }
    const organization = await app.db.selectFrom('organizations').select('keyFingerprint').where('id', '=', org.id).executeTakeFirstOrThrow();
    expect(organization.keyFingerprint).toBe(org.keys.fingerprint);
  });

  it('refuses a signature by a retired key: a key retired because it leaked cannot choose the next one', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const url = `/api/organizations/${org.id}/generate-key`;
    const second = await rotationBody(owner, org.id, org.secret);
    expect((await owner.post(url, second.body)).statusCode).toBe(200);
    const byRetired = await owner.post(url, (await rotationBody(owner, org.id, org.secret)).body);
    expect([byRetired.statusCode, json<ApiErrorBody>(byRetired).code]).toEqual([403, 'FORBIDDEN']);
    expect((await app.db.selectFrom('organizations').select('keyFingerprint').where('id', '=', org.id).executeTakeFirstOrThrow()).keyFingerprint).toBe(second.keys.keyFingerprint);
  });

  it('refuses a replayed rotation message and an expired challenge (410, German), changing nothing', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const url = `/api/organizations/${org.id}/generate-key`;
    const first = await rotationBody(owner, org.id, org.secret);
    expect((await owner.post(url, first.body)).statusCode).toBe(200);
    const second = await rotationBody(owner, org.id, first.secret);
    expect((await owner.post(url, second.body)).statusCode).toBe(200);
    // The first message again (seen in a log or a proxy): it would move the devices back to `first`.
    const replayed = await owner.post(url, first.body);
    expect([replayed.statusCode, json<ApiErrorBody>(replayed).code, json<ApiErrorBody>(replayed).message]).toEqual([410, 'KEY_CHALLENGE_EXPIRED', archiveMessages.rotationChallengeExpired]);
    const late = await rotationBody(owner, org.id, second.secret);
    await app.db.updateTable('organizationKeyChallenges').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await owner.post(url, late.body)).statusCode).toBe(410);
    expect((await app.db.selectFrom('organizations').select('keyFingerprint').where('id', '=', org.id).executeTakeFirstOrThrow()).keyFingerprint).toBe(second.keys.keyFingerprint);
  });

  it('refuses while the organisation is blocked', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const { body } = await rotationBody(owner, org.id, org.secret);
    await app.db.updateTable('organizations').set({ isBlocked: 1 }).where('id', '=', org.id).execute();
    expect((await owner.post(`/api/organizations/${org.id}/generate-key`, body)).statusCode).toBe(423);
    expect((await owner.get(`/api/organizations/${org.id}/archive/services`)).statusCode).toBe(200);
  });
});
