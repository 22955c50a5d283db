import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
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

export const keyRecoveryRequests: Record<KeyRecoveryKey, RequestBuilder> = {
  'POST /api/organizations/:orgId/key-recovery': async (c) => ({
    url: `/api/organizations/${c.scope.org.id}/key-recovery`,
    payload: { ...(await newKeys()), currentPassword: c.actor === 'anonymous' ? 'x' : c.world.users[c.actor].password },
    cleanup: closePending(c),
  }),
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
