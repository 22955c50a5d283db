import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection';
import { openDatabase } from '../../src/db/connection';
import { isPostgres, PostgresSchemaPlugin } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import { migrationProvider } from '../../src/db/migrations';
import { openPostgres } from '../../src/db/postgres';
import { createTestDatabase } from '../helpers/testDatabase';

/** On the PostgreSQL pass an empty database of its own (the rebuild must work on both), else SQLite in memory. */
async function emptyDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const pg = await createTestDatabase({ migrated: false });
  if (!pg) {
    const { db } = openDatabase(':memory:');
    return { db, close: () => db.destroy() };
  }
  const { db } = openPostgres(pg.url);
  return { db, close: async () => { await db.destroy(); await pg.drop(); } };
}

describe('migration 2026-11-28_010 (invitations that wait)', () => {
  it('keeps every invitation, now by username key, with 14 days from when it was sent', async () => {
    const { db, close } = await emptyDatabase();
    try {
      const bare = db.withoutPlugins();
      const raw = isPostgres(db) ? bare.withPlugin(new PostgresSchemaPlugin()) : bare;
      await new Migrator({ db: raw, provider: migrationProvider }).migrateTo('2026-11-28_002_record_history');
      const now = '2026-11-20T10:00:00.000Z';
      for (const name of ['olga', 'Karl']) {
        await sql`insert into users (username, username_key, password_hash, created_at, updated_at) values (${name}, ${name.toLowerCase()}, 'x', ${now}, ${now})`.execute(raw);
      }
      await sql`insert into organizations (id, name, created_at, sealing_public_key, signing_public_key, key_fingerprint) values (1, 'DRK', ${now}, 'a', 'b', 'c')`.execute(raw);
      await sql`insert into organization_invitations (organization_id, invited_username, invited_user_id, invited_by, role, status, created_at)
        values (1, 'Karl', 2, 1, 'admin', 'pending', ${now}), (1, 'Karl', 2, 1, 'member', 'declined', ${now})`.execute(raw);

      await migrateToLatest(db);
      const rows = await db.selectFrom('organizationInvitations').select(['invitedUsername', 'invitedUsernameKey', 'invitedEmail', 'role', 'status', 'lastSentAt', 'expiresAt']).orderBy('id').execute();
      expect(rows).toEqual([
        { invitedUsername: 'Karl', invitedUsernameKey: 'karl', invitedEmail: null, role: 'admin', status: 'pending', lastSentAt: now, expiresAt: '2026-12-04T10:00:00.000Z' },
        { invitedUsername: 'Karl', invitedUsernameKey: 'karl', invitedEmail: null, role: 'member', status: 'declined', lastSentAt: now, expiresAt: '2026-12-04T10:00:00.000Z' },
      ]);
      // A name and an address at once, or neither: the database refuses it.
      const both = db.insertInto('organizationInvitations').values({
        organizationId: 1, invitedUsername: 'x', invitedUsernameKey: 'x', invitedEmail: 'x@example.de', invitedBy: 1, role: 'member', status: 'pending', createdAt: now, lastSentAt: now, expiresAt: now,
      });
      await expect(both.execute()).rejects.toThrow(/CHECK|check constraint/);
      const template = await db.selectFrom('emailTemplates').select('name').where('name', '=', 'organization_invitation_email').executeTakeFirst();
      expect(template).toBeDefined();
    } finally {
      await close();
    }
  });
});
