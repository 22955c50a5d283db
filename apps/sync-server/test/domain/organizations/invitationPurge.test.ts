import { describe, expect, it } from 'vitest';
import { purgeEndedInvitations } from '../../../src/domain/organizations/invitationLimits';
import { createOrganization } from '../../helpers/organizations';
import { createTestApp, registeredClient } from '../../helpers/testApp';

const day = 86_400_000;
const now = '2026-11-28T12:00:00.000Z';
const daysAgo = (n: number) => new Date(Date.parse(now) - n * day).toISOString();

describe('ended invitations leave the database after 30 days (docs/deletion.md)', () => {
  it('deletes invitations answered, withdrawn or expired over 30 days ago, and keeps the rest', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: organizationId } = await createOrganization(owner);
    const rows = {
      withdrawnLongAgo: { status: 'revoked', respondedAt: daysAgo(31), expiresAt: daysAgo(20) },
      acceptedRecently: { status: 'accepted', respondedAt: daysAgo(10), expiresAt: daysAgo(5) },
      expiredLongAgo: { status: 'pending', respondedAt: null, expiresAt: daysAgo(31) },
      expiredRecently: { status: 'pending', respondedAt: null, expiresAt: daysAgo(29) },
      open: { status: 'pending', respondedAt: null, expiresAt: daysAgo(-10) },
    } as const;
    for (const [name, row] of Object.entries(rows)) {
      await app.db.insertInto('organizationInvitations').values({
        organizationId, invitedEmail: `${name.toLowerCase()}@example.org`, role: 'member', createdAt: daysAgo(60), lastSentAt: daysAgo(60), ...row,
      }).execute();
    }
    expect(await purgeEndedInvitations(app.db, now)).toBe(2);
    const left = await app.db.selectFrom('organizationInvitations').select('invitedEmail').orderBy('invitedEmail').execute();
    expect(left.map((r) => r.invitedEmail)).toEqual(['acceptedrecently@example.org', 'expiredrecently@example.org', 'open@example.org']);
  });
});
