import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, OrganizationListItem, PendingKeyRecovery, PullResponse } from '@sanidok/schema';
import { keyRecoveryMessages } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyDueKeyRecoveries } from '../../../src/domain/archive/keyRecovery';
import { adminClient, enableTotp, freshTotpCode } from '../../helpers/admin';
import { createOrganizationWithSecret, keyChangeChallenge, rotationBody } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { addMember } from '../../helpers/organizations';
import type { Client } from '../../helpers/testApp';
import { Client as NewClient, createTestApp, registeredClient } from '../../helpers/testApp';

const password = 'Geheim-Sani-42';
const hour = 3_600_000;
const freshKeys = async () => publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
const orgOf = async (client: Client, id: number) => json<PullResponse>(await client.get('/api/sync/pull')).organizations.find((o) => o.id === id) as OrganizationListItem;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * hour).toISOString();

/** Olga owns the organisation (with two factors unless `totp` is false), Adam is its admin since long before, Mona a member. */
async function world(totp = true) {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const admin = await addMember(app, owner, org.id, 'adam', 'admin');
  const medic = await addMember(app, owner, org.id, 'mona');
  await sql`update organization_members set created_at = '2020-01-01T00:00:00.000Z' where organization_id = ${org.id}`.execute(app.db);
  const secret = totp ? (await enableTotp(owner, password)).secret : '';
  const code = () => freshTotpCode(app, 'olga', secret);
  const recover = async (client: Client, body: Record<string, unknown> = {}) =>
    client.post(`/api/organizations/${org.id}/key-recovery`, { ...(await freshKeys()), currentPassword: password, challengeId: (await keyChangeChallenge(client, org.id)).challengeId, ...body });
  return { app, owner, org, admin, medic, code, recover };
}

async function sentMails(app: FastifyInstance, template: string): Promise<string[]> {
  await app.mailer.flush();
  return (await app.db.selectFrom('emailLogs').select('toEmail').where('templateName', '=', template).orderBy('toEmail').execute()).map((r) => r.toEmail);
}

describe('recovery of a lost organisation key', () => {
  it('with the owner’s second factor: waits 72 hours, shows on every device, mails owner and admins, any admin can cancel', async () => {
    const { app, owner, org, admin, medic, code, recover } = await world();
    const requested = await recover(owner, { totpCode: await code() });
    expect(requested.statusCode).toBe(201);
    const pending = json<PendingKeyRecovery>(requested);
    expect(pending).toMatchObject({ requestedBy: 'olga', approved: true });
    expect(Date.parse(pending.effectiveAt) - Date.parse(pending.requestedAt)).toBe(72 * hour);
    const seen = await orgOf(medic, org.id);
    expect(seen.keyRecovery).toEqual(pending);
    expect(seen.keyFingerprint).toBe(org.keys.fingerprint);
    expect(await sentMails(app, 'organization_key_recovery_requested')).toEqual(['adam@example.de', 'olga@example.de']);

    const again = await recover(owner, { totpCode: await code() });
    expect([again.statusCode, json<ApiErrorBody>(again).message]).toEqual([409, keyRecoveryMessages.alreadyPending]);
    expect((await medic.request({ method: 'DELETE', url: `/api/organizations/${org.id}/key-recovery` })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/organizations/${org.id}/key-recovery` })).statusCode).toBe(200);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(73))).toBe(0);
    expect((await orgOf(medic, org.id)).keyFingerprint).toBe(org.keys.fingerprint);
    const log = json<AccessLogItem[]>(await owner.get(`/api/organizations/${org.id}/access-logs`)).map((e) => e.details ?? '');
    expect(log).toContain('Wiederherstellung des Organisationsschlüssels abgebrochen');
  });

  it('takes effect only after its time, unconfirmed until the owner confirms', async () => {
    const { app, owner, org, admin, medic, code, recover } = await world();
    const keys = json<PendingKeyRecovery>(await recover(owner, { totpCode: await code() }));
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(71))).toBe(0);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(73))).toBe(1);
    expect(await orgOf(medic, org.id)).toMatchObject({ keyFingerprint: keys.keyFingerprint, keyConfirmed: false, keyRecovery: null });
    expect(await sentMails(app, 'organization_key_rotated')).toEqual(['olga@example.de']);
    expect((await admin.post(`/api/organizations/${org.id}/key-recovery/confirm`)).statusCode).toBe(403);
    expect((await owner.post(`/api/organizations/${org.id}/key-recovery/confirm`)).statusCode).toBe(200);
    expect((await orgOf(medic, org.id)).keyConfirmed).toBe(true);
  });

  it('without a second factor waits for an organisation admin’s approval, however long; 72 hours from the approval', async () => {
    const { app, owner, org, admin, medic, recover } = await world(false);
    const requested = await recover(owner);
    expect([requested.statusCode, json<PendingKeyRecovery>(requested).approved]).toEqual([201, false]);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(10_000))).toBe(0);
    // Only an admin approves (the owner cannot approve his own; a member cannot), and only one who was there before.
    expect((await owner.post(`/api/organizations/${org.id}/key-recovery/approve`, {})).statusCode).toBe(403);
    expect((await medic.post(`/api/organizations/${org.id}/key-recovery/approve`, {})).statusCode).toBe(403);
    const fresh = await addMember(app, owner, org.id, 'frieda', 'admin');
    const tooNew = await fresh.post(`/api/organizations/${org.id}/key-recovery/approve`, {});
    expect([tooNew.statusCode, json<ApiErrorBody>(tooNew).message]).toEqual([403, keyRecoveryMessages.approverTooNew]);
    const approved = await admin.post(`/api/organizations/${org.id}/key-recovery/approve`, {});
    expect([approved.statusCode, json<PendingKeyRecovery>(approved).approved]).toEqual([200, true]);
    expect(Date.parse(json<PendingKeyRecovery>(approved).effectiveAt)).toBeGreaterThan(Date.now() + 71 * hour);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(71))).toBe(0);
    expect(await applyDueKeyRecoveries(app.db, app.config.dataKey, at(73))).toBe(1);
  });

  it('after a password reset: refused until the second factor set up before it is proven; a wrong code and an expired nonce change nothing', async () => {
    const { app, owner, org, medic, code, recover } = await world();
    const platform = await adminClient(app);
    const ownerId = (await app.db.selectFrom('users').select('id').where('username', '=', 'olga').executeTakeFirstOrThrow()).id;
    // The owner forgot the password and asked the operator for a new one.
    expect((await platform.post(`/api/admin/users/${ownerId}/reset-password`, { newPassword: 'Neu-Gesetzt-2026!' })).statusCode).toBe(200);
    const again = new NewClient(app);
    expect((await again.post('/api/login', { username: 'olga', password: 'Neu-Gesetzt-2026!', totpCode: await code() })).statusCode).toBe(200);
    const withPassword = (body: Record<string, unknown>) => recover(again, { currentPassword: 'Neu-Gesetzt-2026!', ...body });
    const unproven = await withPassword({});
    expect([unproven.statusCode, json<ApiErrorBody>(unproven).code, json<ApiErrorBody>(unproven).message]).toEqual([403, 'OWNER_PROOF_REQUIRED', keyRecoveryMessages.proofAfterReset]);
    const wrong = await withPassword({ totpCode: '000000' });
    expect([wrong.statusCode, json<ApiErrorBody>(wrong).message]).toEqual([400, keyRecoveryMessages.wrongCode]);
    const { challengeId } = await keyChangeChallenge(again, org.id);
    await app.db.updateTable('organizationKeyChallenges').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await withPassword({ challengeId, totpCode: await code() });
    expect([expired.statusCode, json<ApiErrorBody>(expired).message]).toEqual([410, keyRecoveryMessages.challengeExpired]);
    expect((await orgOf(medic, org.id)).keyRecovery).toBeNull();
    expect((await app.db.selectFrom('users').select('keyProofRequiredSince').where('id', '=', ownerId).executeTakeFirstOrThrow()).keyProofRequiredSince).not.toBeNull();
    expect((await withPassword({ totpCode: await code() })).statusCode).toBe(201);
    expect((await app.db.selectFrom('users').select('keyProofRequiredSince').where('id', '=', ownerId).executeTakeFirstOrThrow()).keyProofRequiredSince).toBeNull();
    expect(owner).toBeDefined();
  });

  it('needs the owner’s password, refuses the key in force, and a signed rotation ends a pending recovery', async () => {
    const { owner, org, medic, code, recover } = await world();
    expect((await recover(owner, { currentPassword: 'falsch-falsch' })).statusCode).toBe(400);
    expect((await recover(owner, { ...publicKeysToBase64Url(org.keys) })).statusCode).toBe(409);
    expect((await recover(owner, { totpCode: await code() })).statusCode).toBe(201);
    const rotation = await rotationBody(owner, org.id, org.secret);
    expect((await owner.post(`/api/organizations/${org.id}/generate-key`, rotation.body)).statusCode).toBe(200);
    expect(await orgOf(medic, org.id)).toMatchObject({ keyFingerprint: rotation.keys.keyFingerprint, keyConfirmed: true, keyRecovery: null });
  });
});
