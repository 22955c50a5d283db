import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, ArchiveProtocolsResponse, PullResponse } from '@sanidok/schema';
import { keyRecoveryMessages } from '@sanidok/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyDueKeyRecoveries } from '../../../src/domain/archive/keyRecovery';
import { adminClient, del, enableTotp, freshTotpCode } from '../../helpers/admin';
import { createOrganizationWithSecret, keyChangeChallenge, openArchive, rotationBody } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { stringWith } from '../../helpers/matchers';
import { addMember } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { assignTeam, createServiceVia } from '../../helpers/services';
import type { TestSmtpServer } from '../../helpers/smtp';
import { smtpCredentials, startSmtpServer } from '../../helpers/smtp';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});

const hour = 3_600_000;

/**
 * The takeover path, step by step (docs/decisions.md "Proofs a platform admin cannot forge"): a
 * platform admin resets an owner's password, signs in as the owner, moves the owner's e-mail
 * address, sets up a second factor of the admin's own, tries to remove the only organisation admin,
 * to recover and to rotate the key, and waits out every delay. No step lets devices seal to a key
 * of the admin's, and the owner hears of each: by mail to the address they had, and in the access log.
 */
describe('a platform admin taking over an owner account', () => {
  it('gets session and password, but no step leads to a key of the admin’s, with any clock movement; the owner hears of each', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const configured = await admin.post('/api/admin/email-configurations', {
      name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
      fromEmail: 'noreply@sanidok.example', isActive: true,
    });
    expect(configured.statusCode).toBe(201);
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const orgAdmin = await addMember(app, owner, org.id, 'adam', 'admin');
    const medic = await addMember(app, owner, org.id, 'mona');
    const service = await createServiceVia(owner, org.id);
    await assignTeam(owner, service.id, [owner, medic]);
    const userId = async (name: string) => (await app.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    const [ownerId, orgAdminId] = [await userId('olga'), await userId('adam')];
    const pw = 'Uebernahme-2026!';

    // 1. The admin sets a password of the admin's choosing, 2. …and signs in as the owner.
    expect((await admin.post(`/api/admin/users/${ownerId}/reset-password`, { newPassword: pw })).statusCode).toBe(200);
    const intruder = new Client(app);
    expect((await intruder.post('/api/login', { username: 'olga', password: pw })).statusCode).toBe(200);
    // 3. Moves the owner's address: only with the password, and the old address is told.
    const silently = await intruder.patch('/api/profile', { fullName: 'Olga', email: 'plattform@example.org' });
    expect(silently.statusCode).toBe(400);
    expect((await intruder.patch('/api/profile', { fullName: 'Olga', email: 'plattform@example.org', currentPassword: pw })).statusCode).toBe(200);
    // 4. A second factor of the admin's own counts for nothing: it was set up after the reset.
    const { secret: intrudersTotp } = await enableTotp(intruder, pw);
    const code = () => freshTotpCode(app, 'olga', intrudersTotp);
    // 5. The only organisation admin (who could cancel a recovery) stays.
    for (const body of [undefined, { totpCode: await code() }]) {
      const refused = await del(intruder, `/api/organizations/${org.id}/members/${orgAdminId}`, body);
      expect([refused.statusCode, json<ApiErrorBody>(refused).code]).toEqual([403, 'OWNER_PROOF_REQUIRED']);
    }
    // 6. No recovery, with or without that factor.
    const adminKeys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    for (const totpCode of [undefined, await code()]) {
      const { challengeId } = await keyChangeChallenge(intruder, org.id);
      const refused = await intruder.post(`/api/organizations/${org.id}/key-recovery`, { ...adminKeys, currentPassword: pw, challengeId, totpCode });
      expect([refused.statusCode, json<ApiErrorBody>(refused).message]).toEqual([403, keyRecoveryMessages.proofAfterReset]);
    }
    // 7. No rotation: signed by the admin's key, or by the new key itself.
    const adminSecret = generateOrganizationSecret();
    const forged = await rotationBody(intruder, org.id, adminSecret, pw);
    expect((await intruder.post(`/api/organizations/${org.id}/generate-key`, forged.body)).statusCode).toBe(403);
    // 8. Any clock movement: nothing is due, the devices keep sealing to the owner's key.
    for (const later of [73, 145, 10_000]) expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, new Date(Date.now() + later * hour).toISOString())).toBe(0);
    expect(json<PullResponse>(await medic.get('/api/sync/pull')).organizations[0]).toMatchObject({ keyFingerprint: org.keys.fingerprint, keyRecovery: null });
    expect((await orgAdmin.get(`/api/organizations/${org.id}/members`)).statusCode).toBe(200);
    // A record sealed after all this opens with the owner's key only, never with the admin's.
    const { protocol } = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Eva', lastName: 'Versiegelt' } });
    expect((await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload)).statusCode).toBe(200);
    expect((await openArchive(intruder, org.id, service.id, adminSecret)).statusCode).toBe(403);
    expect(json<ArchiveProtocolsResponse>(await openArchive(intruder, org.id, service.id, org.secret)).protocols.map((p) => p.protocol.id)).toContain(protocol.id);

    // The owner hears of it: reset and address change at the address they had (real SMTP), every attempt in the access log.
    await app.mailer.flush();
    const toOwner = smtp.received.filter((m) => m.envelopeTo.includes('olga@example.de')).map((m) => m.parsed.subject);
    expect(toOwner).toEqual(expect.arrayContaining(['Ihr SaniDok-Passwort wurde zurückgesetzt', 'Die E-Mail-Adresse Ihres SaniDok-Kontos wurde geändert']));
    // The access log, as the owner reads it on signing in again.
    const log = json<AccessLogItem[]>(await intruder.get(`/api/organizations/${org.id}/access-logs`)).map((entry) => entry.details ?? '');
    expect(log).toContainEqual(stringWith('Passwort des Inhabers durch Plattform-Administrator plattform zurückgesetzt'));
    expect(log.filter((d) => d.startsWith('Wiederherstellung des Organisationsschlüssels abgelehnt'))).toHaveLength(2);
    expect(log.filter((d) => d.startsWith('Entfernen des letzten Administrators abgelehnt'))).toHaveLength(2);
    expect(log.filter((d) => d.startsWith('Schlüsselwechsel abgelehnt'))).toHaveLength(1);
  });

  it('mails the holder of every account an admin resets, owner or not', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    await registeredClient(app, 'mona');
    const monaId = (await app.db.selectFrom('users').select('id').where('username', '=', 'mona').executeTakeFirstOrThrow()).id;
    expect((await admin.post(`/api/admin/users/${monaId}/reset-password`, { newPassword: 'Neues-Passwort-7' })).statusCode).toBe(200);
    await app.mailer.flush();
    const logs = await app.db.selectFrom('emailLogs').select(['templateName', 'toEmail', 'subject']).where('templateName', '=', 'password_reset_by_admin').execute();
    expect(logs).toEqual([{ templateName: 'password_reset_by_admin', toEmail: 'mona@example.de', subject: 'Ihr SaniDok-Passwort wurde zurückgesetzt' }]);
  });
});
