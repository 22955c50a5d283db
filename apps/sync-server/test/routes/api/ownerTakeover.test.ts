import { generateOrganizationSecret } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, PullResponse } from '@sanidok/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../../helpers/admin';
import { createOrganizationWithSecret, rotationBody } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { stringWith } from '../../helpers/matchers';
import { addMember } from '../../helpers/organizations';
import type { TestSmtpServer } from '../../helpers/smtp';
import { smtpCredentials, startSmtpServer } from '../../helpers/smtp';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});

/**
 * Issue 15's attack path, step by step (docs/security.md, "Key rotation"): a platform admin resets
 * an owner's password, signs in as the owner and tries to make the members' devices seal to a key
 * of the admin's own. It must fail at the rotation, and the owner must hear of each step.
 */
describe('a platform admin taking over an owner account', () => {
  it('gets the session and the password but cannot rotate the key; the owner is mailed and sees it in the access log', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const configured = await admin.post('/api/admin/email-configurations', {
      name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
      fromEmail: 'noreply@sanidok.example', isActive: true,
    });
    expect(configured.statusCode).toBe(201);
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const medic = await addMember(app, owner, org.id, 'mona');
    const ownerId = (await app.db.selectFrom('users').select('id').where('username', '=', 'olga').executeTakeFirstOrThrow()).id;

    // 1. The admin sets a password of the admin's choosing.
    expect((await admin.post(`/api/admin/users/${ownerId}/reset-password`, { newPassword: 'Uebernahme-2026!' })).statusCode).toBe(200);
    // 2. …and signs in as the owner.
    const intruder = new Client(app);
    expect((await intruder.post('/api/login', { username: 'olga', password: 'Uebernahme-2026!' })).statusCode).toBe(200);
    // 3. The rotation to the admin's key: unsigned, signed by the admin's own key, signed by the new key itself.
    const adminSecret = generateOrganizationSecret();
    const attempts = [
      (await rotationBody(org.id, adminSecret, 'Uebernahme-2026!')).body,
      await (async () => {
        const own = await rotationBody(org.id, adminSecret, 'Uebernahme-2026!');
        return { ...own.body, rotationSignature: (await rotationBody(org.id, own.secret)).body.rotationSignature };
      })(),
    ];
    for (const body of attempts) {
      const refused = await intruder.post(`/api/organizations/${org.id}/generate-key`, body);
      expect([refused.statusCode, json<ApiErrorBody>(refused).code]).toEqual([403, 'FORBIDDEN']);
    }
    // 4. The members' devices keep sealing to the owner's key.
    expect(json<PullResponse>(await medic.get('/api/sync/pull')).organizations[0]?.keyFingerprint).toBe(org.keys.fingerprint);

    // The owner hears of it: the reset mail over real SMTP, and both steps in the access log.
    await app.mailer.flush();
    const mail = smtp.received.find((m) => m.envelopeTo.includes('olga@example.de') && m.parsed.subject === 'Ihr SaniDok-Passwort wurde zurückgesetzt');
    expect(mail?.parsed.text).toContain('ein Administrator der Plattform (plattform) hat am');
    const signedInAgain = new Client(app);
    await signedInAgain.post('/api/login', { username: 'olga', password: 'Uebernahme-2026!' });
    const log = json<AccessLogItem[]>(await signedInAgain.get(`/api/organizations/${org.id}/access-logs`)).map((entry) => entry.details);
    expect(log).toContainEqual(stringWith('Passwort des Inhabers durch Plattform-Administrator plattform zurückgesetzt'));
    expect(log.filter((d) => d?.startsWith('Schlüsselwechsel abgelehnt'))).toHaveLength(2);
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
