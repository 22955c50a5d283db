import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { sql } from 'kysely';
import type { CaseContext, KeyRecoveryKey, RequestBuilder } from './requestTypes';

/**
 * Recovery of a lost organisation key (domain/archive/keyRecovery.ts). Each case prepares the
 * state it needs directly (a pending recovery, an unconfirmed key) and clears it afterwards, so
 * the rows do not depend on one another.
 */
const newKeys = async () => publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));

const closePending = (c: CaseContext) => async () => {
  await c.world.app.db.updateTable('organizationKeyRecoveries').set({ status: 'cancelled', closedAt: new Date().toISOString() })
    .where('organizationId', '=', c.scope.org.id).where('status', '=', 'pending').execute();
};

/**
 * The owner's challenge for the next rotation or recovery (every actor sends the owner's: the
 * others are refused before it counts). In a blocked organisation none is issued: a well-formed id.
 */
export async function ownersKeyChallenge(c: CaseContext): Promise<{ challengeId: string; nonce: string }> {
  const response = await c.world.clients.owner.post(`/api/organizations/${c.scope.org.id}/key-change/challenge`);
  return response.statusCode === 201 ? response.json<{ challengeId: string; nonce: string }>() : { challengeId: 'A'.repeat(22), nonce: 'A'.repeat(43) };
}

export const keyRecoveryRequests: Record<KeyRecoveryKey, RequestBuilder> = {
  'POST /api/organizations/:orgId/key-recovery': async (c) => ({
    url: `/api/organizations/${c.scope.org.id}/key-recovery`,
    payload: { ...(await newKeys()), currentPassword: c.actor === 'anonymous' ? 'x' : c.world.users[c.actor].password, challengeId: (await ownersKeyChallenge(c)).challengeId },
    cleanup: closePending(c),
  }),
  // Requested by the owner without a second factor; the world's admin has been a member long enough.
  'POST /api/organizations/:orgId/key-recovery/approve': async (c) => {
    const { db } = c.world.app;
    await sql`update organization_members set created_at = '2020-01-01T00:00:00.000Z' where organization_id = ${c.scope.org.id} and user_id = ${c.world.users.orgAdmin.id}`.execute(db);
    const now = new Date().toISOString();
    await db
      .insertInto('organizationKeyRecoveries')
      .values({ organizationId: c.scope.org.id, ...(await newKeys()), status: 'pending', requestedById: c.world.users.owner.id, requestedAt: now, effectiveAt: now })
      .execute();
    return { url: `/api/organizations/${c.scope.org.id}/key-recovery/approve`, payload: {}, cleanup: closePending(c) };
  },
  'DELETE /api/organizations/:orgId/key-recovery': async (c) => {
    const now = new Date().toISOString();
    await c.world.app.db
      .insertInto('organizationKeyRecoveries')
      .values({ organizationId: c.scope.org.id, ...(await newKeys()), status: 'pending', requestedById: c.world.users.owner.id, requestedAt: now, effectiveAt: now })
      .execute();
    return { url: `/api/organizations/${c.scope.org.id}/key-recovery`, cleanup: closePending(c) };
  },
  'POST /api/organizations/:orgId/key-recovery/confirm': async (c) => {
    const organizations = c.world.app.db.updateTable('organizations').where('id', '=', c.scope.org.id);
    await organizations.set({ keyUnconfirmedSince: new Date().toISOString() }).execute();
    return {
      url: `/api/organizations/${c.scope.org.id}/key-recovery/confirm`,
      cleanup: async () => {
        await organizations.set({ keyUnconfirmedSince: null }).execute();
      },
    };
  },
};
