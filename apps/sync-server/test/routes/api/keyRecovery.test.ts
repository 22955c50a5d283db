import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, OrganizationListItem, PendingKeyRecovery, PullResponse } from '@sanidok/schema';
import { keyRecoveryMessages } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applyDueKeyRecoveries } from '../../../src/domain/archive/keyRecovery';
import { adminClient } from '../../helpers/admin';
import { createOrganizationWithSecret, rotationBody } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { addMember } from '../../helpers/organizations';
import type { Client } from '../../helpers/testApp';
import { Client as NewClient, createTestApp, registeredClient } from '../../helpers/testApp';

const password = 'Geheim-Sani-42';
const hour = 3_600_000;
const freshKeys = async () => publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
const orgOf = async (client: Client, id: number) => json<PullResponse>(await client.get('/api/sync/pull')).organizations.find((o) => o.id === id) as OrganizationListItem;

async function world() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const admin = await addMember(app, owner, org.id, 'adam', 'admin');
  const medic = await addMember(app, owner, org.id, 'mona');
  return { app, owner, org, admin, medic };
}

async function sentMails(app: FastifyInstance, template: string): Promise<string[]> {
  await app.mailer.flush();
  return (await app.db.selectFrom('emailLogs').select('toEmail').where('templateName', '=', template).orderBy('toEmail').execute()).map((r) => r.toEmail);
}

describe('recovery of a lost organisation key', () => {
  it('waits 72 hours, shows on every member’s device, mails owner and admins, and can be cancelled by an admin', async () => {
    const { app, owner, org, admin, medic } = await world();
    const keys = await freshKeys();
    const requested = await owner.post(`/api/organizations/${org.id}/key-recovery`, { ...keys, currentPassword: password });
    expect(requested.statusCode).toBe(201);
    const pending = json<PendingKeyRecovery>(requested);
    expect(pending).toMatchObject({ keyFingerprint: keys.keyFingerprint, requestedBy: 'olga' });
    expect(Date.parse(pending.effectiveAt) - Date.parse(pending.requestedAt)).toBe(72 * hour);

    // Every member's device learns of it with the pull; the key in force stays the old one.
    const seen = await orgOf(medic, org.id);
    expect(seen.keyRecovery).toEqual(pending);
    expect(seen.keyFingerprint).toBe(org.keys.fingerprint);
    expect(await sentMails(app, 'organization_key_recovery_requested')).toEqual(['adam@example.de', 'olga@example.de']);

    const again = await owner.post(`/api/organizations/${org.id}/key-recovery`, { ...(await freshKeys()), currentPassword: password });
    expect([again.statusCode, json<ApiErrorBody>(again).message]).toEqual([409, keyRecoveryMessages.alreadyPending]);
    expect((await medic.request({ method: 'DELETE', url: `/api/organizations/${org.id}/key-recovery` })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/organizations/${org.id}/key-recovery` })).statusCode).toBe(200);
    expect((await orgOf(medic, org.id)).keyRecovery).toBeNull();
    // Cancelled: its time passing changes nothing.
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, new Date(Date.now() + 73 * hour).toISOString())).toBe(0);
    expect((await orgOf(medic, org.id)).keyFingerprint).toBe(org.keys.fingerprint);
    const log = json<AccessLogItem[]>(await owner.get(`/api/organizations/${org.id}/access-logs`)).map((e) => e.details ?? '');
    expect(log.some((d) => d.startsWith('Wiederherstellung des Organisationsschlüssels angefordert'))).toBe(true);
    expect(log).toContain('Wiederherstellung des Organisationsschlüssels abgebrochen');
  });

  it('takes effect only after its time, unconfirmed until the owner confirms', async () => {
    const { app, owner, org, admin, medic } = await world();
    const keys = await freshKeys();
    expect((await owner.post(`/api/organizations/${org.id}/key-recovery`, { ...keys, currentPassword: password })).statusCode).toBe(201);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, new Date(Date.now() + 71 * hour).toISOString())).toBe(0);
    expect((await orgOf(medic, org.id)).keyFingerprint).toBe(org.keys.fingerprint);

    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, new Date(Date.now() + 73 * hour).toISOString())).toBe(1);
    const after = await orgOf(medic, org.id);
    expect(after).toMatchObject({ keyFingerprint: keys.keyFingerprint, sealingPublicKey: keys.sealingPublicKey, keyConfirmed: false, keyRecovery: null });
    const retired = await app.db.selectFrom('organizationRetiredKeys').select('keyFingerprint').where('organizationId', '=', org.id).execute();
    expect(retired.map((r) => r.keyFingerprint)).toContain(org.keys.fingerprint);
    expect(await sentMails(app, 'organization_key_rotated')).toEqual(['olga@example.de']);

    expect((await admin.post(`/api/organizations/${org.id}/key-recovery/confirm`)).statusCode).toBe(403);
    expect((await owner.post(`/api/organizations/${org.id}/key-recovery/confirm`)).statusCode).toBe(200);
    expect((await orgOf(medic, org.id)).keyConfirmed).toBe(true);
    const twice = await owner.post(`/api/organizations/${org.id}/key-recovery/confirm`);
    expect([twice.statusCode, json<ApiErrorBody>(twice).message]).toEqual([409, keyRecoveryMessages.nothingToConfirm]);
  });

  it('needs the owner’s password, refuses the key in force, and a signed rotation ends a pending recovery', async () => {
    const { owner, org, medic } = await world();
    const wrong = await owner.post(`/api/organizations/${org.id}/key-recovery`, { ...(await freshKeys()), currentPassword: 'falsch-falsch' });
    expect(wrong.statusCode).toBe(400);
    const same = await owner.post(`/api/organizations/${org.id}/key-recovery`, {
      ...publicKeysToBase64Url(org.keys), currentPassword: password,
    });
    expect(same.statusCode).toBe(409);
    expect((await owner.post(`/api/organizations/${org.id}/key-recovery`, { ...(await freshKeys()), currentPassword: password })).statusCode).toBe(201);
    // The owner found the old key after all: a signed rotation is confirmed by its signature.
    const rotation = await rotationBody(org.id, org.secret);
    expect((await owner.post(`/api/organizations/${org.id}/generate-key`, rotation.body)).statusCode).toBe(200);
    expect(await orgOf(medic, org.id)).toMatchObject({ keyFingerprint: rotation.keys.keyFingerprint, keyConfirmed: true, keyRecovery: null });
  });

  it('the takeover path: an admin with the owner’s reset password can start a recovery, but not unseen and not unstoppably', async () => {
    const { app, org, admin } = await world();
    const platform = await adminClient(app);
    const ownerId = (await app.db.selectFrom('users').select('id').where('username', '=', 'olga').executeTakeFirstOrThrow()).id;
    expect((await platform.post(`/api/admin/users/${ownerId}/reset-password`, { newPassword: 'Uebernahme-2026!' })).statusCode).toBe(200);
    const intruder = new NewClient(app);
    expect((await intruder.post('/api/login', { username: 'olga', password: 'Uebernahme-2026!' })).statusCode).toBe(200);
    expect((await intruder.post(`/api/organizations/${org.id}/key-recovery`, { ...(await freshKeys()), currentPassword: 'Uebernahme-2026!' })).statusCode).toBe(201);
    // The organisation's admin got the mail and stops it within the 72 hours.
    expect(await sentMails(app, 'organization_key_recovery_requested')).toContain('adam@example.de');
    expect((await admin.request({ method: 'DELETE', url: `/api/organizations/${org.id}/key-recovery` })).statusCode).toBe(200);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, new Date(Date.now() + 100 * hour).toISOString())).toBe(0);
    expect((await orgOf(admin, org.id)).keyFingerprint).toBe(org.keys.fingerprint);
  });
});
