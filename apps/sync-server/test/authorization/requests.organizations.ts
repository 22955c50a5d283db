import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url, signArchiveProof, signKeyRotation } from '@sanidok/crypto';
import { archiveUrls, requestChallenge } from '../helpers/archive';
import { issueAccountToken } from '../../src/domain/accounts/accountTokens';
import { issueResetToken } from '../../src/domain/accounts/passwordReset';
import { adminTotpSecret, del, freshTotpCode } from '../helpers/admin';
import { organizationPayload } from '../helpers/organizations';
import { Client, validRegistration } from '../helpers/testApp';
import { ownersKeyChallenge } from './requests.keyRecovery';
import type { CaseContext, OrganizationKey, RequestBuilder } from './requestTypes';
import { freshInvitation, freshMaterial, freshMember, freshUser, uniqueName } from './fresh';
import type { SignedInActor } from './world';
import { secondSession } from './world';

/** The actor's account, or (signed out) the stranger's: whose credentials a signed-out caller types. */
const account = ({ world, actor }: CaseContext) => world.users[actor === 'anonymous' ? 'stranger' : actor];
const signedInActor = (actor: CaseContext['actor']): actor is SignedInActor => actor !== 'anonymous';

async function respondAsInvitee(context: CaseContext, response: 'accepted' | 'declined') {
  const { world, scope } = context;
  const id = await freshInvitation(world, scope, world.users.stranger.username);
  const url = `/api/invitations/${id}/respond`;
  return {
    url,
    payload: { response },
    // The stranger stays a non-member for the other rows: decline what is still pending, leave what was accepted.
    cleanup: async () => {
      await world.clients.stranger.post(url, { response: 'declined' });
      await del(world.clients.owner, `/api/organizations/${scope.org.id}/members/${world.users.stranger.id}`);
    },
  };
}

export const organizationRequests: Record<OrganizationKey, RequestBuilder> = {
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/beta-mode': () => ({ url: '/api/beta-mode' }),
  'GET /api/legal/operator': () => ({ url: '/api/legal/operator' }),
  // Signing in happens on a new device (the actor's own session stays for the other rows).
  // The platform admin has two factors (test/helpers/admin.ts): the code is part of signing in.
  'POST /api/login': async (c) => ({
    url: '/api/login',
    as: new Client(c.world.app),
    payload: {
      username: account(c).username,
      password: account(c).password,
      ...(c.actor === 'platformAdmin' && { totpCode: await freshTotpCode(c.world.app, account(c).username, adminTotpSecret(c.world.app)) }),
    },
  }),
  // A registration signs the new account in: signed-in actors send it from a second session.
  'POST /api/register': async (c) => ({
    url: '/api/register',
    as: signedInActor(c.actor) ? await secondSession(c.world, c.world.users[c.actor].id) : new Client(c.world.app),
    payload: validRegistration(uniqueName('neu').replace(' ', '-')),
  }),
  'POST /api/password-reset/request': (c) => ({ url: '/api/password-reset/request', payload: { email: `${account(c).username}@example.de` } }),
  // A link issued for a fresh account (as the mail would carry it), used by whoever holds it.
  'POST /api/password-reset/confirm': async (c) => {
    const target = await freshUser(c.world);
    const { token } = await issueResetToken(c.world.app.db, target.id, c.world.app.config.dataKey);
    return { url: '/api/password-reset/confirm', payload: { token, newPassword: 'Neues-Passwort-2026' } };
  },
  // The actor's own address (the platform admin gets one for the case), unconfirmed again afterwards.
  'POST /api/account/email-verification/request': async (c) => {
    const db = c.world.app.db;
    const id = signedInActor(c.actor) ? c.world.users[c.actor].id : undefined;
    const before = id === undefined ? undefined : await db.selectFrom('users').select(['email', 'emailVerifiedAt']).where('id', '=', id).executeTakeFirstOrThrow();
    if (id !== undefined && !before?.email) await db.updateTable('users').set({ email: `${account(c).username}@example.de` }).where('id', '=', id).execute();
    return {
      url: '/api/account/email-verification/request',
      cleanup: async () => {
        if (id !== undefined && before) await db.updateTable('users').set(before).where('id', '=', id).execute();
      },
    };
  },
  // A link issued for a fresh account's address (as the mail would carry it), opened by whoever holds it.
  'POST /api/account/email-verification/confirm': async (c) => {
    const target = await freshUser(c.world);
    const { token } = await issueAccountToken(c.world.app.db, target.id, 'email_verification', {
      dataKey: c.world.app.config.dataKey, validMinutes: 60, claims: { email: `${target.username}@example.de` },
    });
    return { url: '/api/account/email-verification/confirm', payload: { token } };
  },
  'POST /api/logout': async (c) => ({ url: '/api/logout', as: signedInActor(c.actor) ? await secondSession(c.world, c.world.users[c.actor].id) : undefined }),
  'GET /api/user': () => ({ url: '/api/user' }),
  // The same password again: the call is allowed and the current session stays (decisions "Changing the password").
  'POST /api/change-password': (c) => ({ url: '/api/change-password', payload: { currentPassword: account(c).password, newPassword: account(c).password } }),
  'PATCH /api/profile': (c) => ({ url: '/api/profile', payload: { fullName: 'Geänderter Name', email: `${account(c).username}@example.de`, currentPassword: account(c).password } }),

  'GET /api/organizations': () => ({ url: '/api/organizations', listsOwnRows: true }),
  'POST /api/organizations': async () => ({ url: '/api/organizations', payload: await organizationPayload(uniqueName('Neue Organisation')) }),
  'GET /api/organizations/:id/members': ({ scope }) => ({ url: `/api/organizations/${scope.org.id}/members` }),
  'POST /api/organizations/:id/invite': async ({ world, scope }) => ({
    url: `/api/organizations/${scope.org.id}/invite`, payload: { username: (await freshUser(world)).username, role: 'member' },
  }),
  'GET /api/organizations/:id/invitations': ({ scope }) => ({ url: `/api/organizations/${scope.org.id}/invitations` }),
  // A waiting invitation sent long enough ago to be sent again (the mail pause, schema invitations.ts).
  'POST /api/organizations/:id/invitations/:invitationId/resend': async ({ world, scope }) => {
    const id = await freshInvitation(world, scope, uniqueName('wartet').replace(' ', '-'));
    await world.app.db.updateTable('organizationInvitations').set({ lastSentAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    return { url: `/api/organizations/${scope.org.id}/invitations/${String(id)}/resend` };
  },
  'DELETE /api/organizations/:id/invitations/:invitationId': async ({ world, scope }) => ({
    url: `/api/organizations/${scope.org.id}/invitations/${String(await freshInvitation(world, scope, uniqueName('wartet').replace(' ', '-')))}`,
  }),
  'DELETE /api/organizations/:id/members/:userId': async ({ world, scope }) => ({
    url: `/api/organizations/${scope.org.id}/members/${(await freshMember(world, scope, 'member')).id}`,
  }),
  'DELETE /api/organizations/:id/members/:userId#admin': async ({ world, scope }) => ({
    url: `/api/organizations/${scope.org.id}/members/${(await freshMember(world, scope, 'admin')).id}`,
  }),
  'DELETE /api/organizations/:id/members/:userId#owner': ({ world, scope }) => ({ url: `/api/organizations/${scope.org.id}/members/${world.users.owner.id}` }),
  // Leaving: a member or admin leaves as a new member of that role (the world's own stay); the owner tries himself.
  'DELETE /api/organizations/:id/members/:userId#leave': async ({ world, scope, actor }) => {
    if (actor === 'member' || actor === 'assignedMember' || actor === 'codeHolder' || actor === 'orgAdmin') {
      const leaving = await freshMember(world, scope, actor === 'member' ? 'member' : 'admin');
      return { url: `/api/organizations/${scope.org.id}/members/${leaving.id}`, as: leaving.session };
    }
    return { url: `/api/organizations/${scope.org.id}/members/${world.users[actor === 'anonymous' ? 'member' : actor].id}` };
  },
  'GET /api/organizations/:id/access-logs': ({ scope }) => ({ url: `/api/organizations/${scope.org.id}/access-logs` }),
  'GET /api/organizations/:id/statistics': ({ scope }) => ({
    url: `/api/organizations/${scope.org.id}/statistics`,
    expectBody: (body) => expect((body as { total: { services: number } }).total.services).toBeGreaterThan(0),
  }),
  'GET /api/invitations': () => ({ url: '/api/invitations' }),
  'POST /api/invitations/:id/respond': (c) => respondAsInvitee(c, 'declined'),
  'POST /api/invitations/:id/respond#accept': (c) => respondAsInvitee(c, 'accepted'),

  'POST /api/organizations/:orgId/key-change/challenge': ({ scope }) => ({ url: `/api/organizations/${scope.org.id}/key-change/challenge` }),
  'GET /api/organizations/:orgId/archive/services': ({ scope }) => ({ url: archiveUrls(scope.org.id, scope.serviceId).services }),
  'POST /api/organizations/:orgId/archive/services/:serviceId/challenge': ({ scope }) => ({ url: archiveUrls(scope.org.id, scope.serviceId).challenge, payload: {} }),
  // The owner proves the key as the browser does; everyone else sends a well-formed proof of nothing.
  'POST /api/organizations/:orgId/archive/services/:serviceId/protocols': async ({ world, scope, actor }) => {
    const url = archiveUrls(scope.org.id, scope.serviceId).protocols;
    if (actor !== 'owner') return { url, payload: { proof: { challengeId: 'A'.repeat(22), signature: 'A'.repeat(86) } } };
    const challenge = await requestChallenge(world.clients.owner, scope.org.id, scope.serviceId);
    return { url, payload: { proof: { challengeId: challenge.challengeId, signature: await signArchiveProof(scope.org.secret, challenge) } } };
  },
  'POST /api/organizations/:orgId/generate-key': async (c) => {
    const secret = generateOrganizationSecret();
    const keys = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
    const { challengeId, nonce } = await ownersKeyChallenge(c);
    return {
      url: `/api/organizations/${c.scope.org.id}/generate-key`,
      payload: { ...keys, currentPassword: account(c).password, challengeId, rotationSignature: await signKeyRotation(c.scope.org.secret, c.scope.org.id, nonce, keys) },
      // The owner's browser now holds the new key: later archive proofs sign with it.
      cleanup: (response) => {
        if (response.statusCode === 200) c.scope.org.secret = secret;
        return Promise.resolve();
      },
    };
  },

  'GET /api/materials': () => ({ url: '/api/materials', listsOwnRows: true }),
  'GET /api/materials#organization': ({ scope }) => ({ url: `/api/materials?organizationId=${scope.org.id}` }),
  'POST /api/materials': ({ scope }) => ({ url: '/api/materials', payload: { name: uniqueName('Verband'), unit: 'Stück', organizationId: scope.org.id } }),
  'DELETE /api/materials/:id': async ({ world, scope }) => ({ url: `/api/materials/${await freshMaterial(world, scope)}` }),
  'PUT /api/organizations/:id/lock-time': ({ scope }) => ({
    url: `/api/organizations/${scope.org.id}/lock-time`,
    payload: { lockAfterMinutes: 10 },
    expectBody: (body) => expect((body as { lockAfterMinutes: number }).lockAfterMinutes).toBe(10),
  }),
  'PUT /api/organizations/:id/retention': ({ scope }) => ({
    url: `/api/organizations/${scope.org.id}/retention`,
    payload: { retentionYears: 12 },
    expectBody: (body) => expect((body as { retentionYears: number }).retentionYears).toBe(12),
  }),
  'GET /api/organizations/:id/retention-deletions': ({ scope }) => ({ url: `/api/organizations/${scope.org.id}/retention-deletions` }),
  'GET /api/organizations/:id/processing-record': ({ scope }) => ({
    url: `/api/organizations/${scope.org.id}/processing-record`,
    expectBody: (body) => expect((body as { markdown: string }).markdown).toContain('Verzeichnis von Verarbeitungstätigkeiten'),
  }),
  'PATCH /api/materials/:id': async ({ world, scope }) => ({ url: `/api/materials/${await freshMaterial(world, scope)}`, payload: { unitPriceCents: 120 } }),
  // Device encryption: the public sealing key.
  'GET /api/device/seal-key': () => ({
    url: '/api/device/seal-key',
    expectBody: (body) => expect((body as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/),
  }),
  'POST /api/device/pin': () => ({ url: '/api/device/pin', payload: { deviceId: randomUUID(), verifier: 'v'.repeat(43) } }),
  // The device's public key, with the actor's own password (docs/security.md "Patient data needs the unlocked device").
  'PUT /api/device/key': ({ world, actor }) => ({
    url: '/api/device/key',
    payload: { deviceId: randomUUID(), publicKey: `${'k'.repeat(42)}A`, currentPassword: actor === 'anonymous' ? 'x' : world.users[actor].password },
  }),
  // Enrolled first by the same browser session, so the right verifier gets the share back.
  'POST /api/device/pin/unlock': async ({ world, actor }) => {
    const deviceId = randomUUID();
    if (actor !== 'anonymous') await world.clients[actor].post('/api/device/pin', { deviceId, verifier: 'v'.repeat(43) });
    return {
      url: '/api/device/pin/unlock',
      payload: { deviceId, verifier: 'v'.repeat(43) },
      expectBody: (body) => expect((body as { share: string }).share).toMatch(/^[A-Za-z0-9_-]{43}$/),
    };
  },
};
