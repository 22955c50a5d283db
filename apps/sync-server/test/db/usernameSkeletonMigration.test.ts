import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { migrationProvider } from '../../src/db/migrations';

describe('migration 2026-11-24_001 (username skeletons)', () => {
  it('keeps existing look-alikes signing in: the oldest gets the skeleton, the others null', async () => {
    const { db } = openDatabase(':memory:');
    try {
      const raw = db.withoutPlugins();
      await new Migrator({ db: raw, provider: migrationProvider }).migrateTo('2026-11-21_007_archive');
      const now = new Date().toISOString();
      for (const [username, key] of [['olaf', 'olaf'], ['\u043elaf', '\u043elaf'], ['karl', 'karl']]) {
        await sql`insert into users (username, username_key, password_hash, created_at, updated_at)
          values (${username}, ${key}, 'x', ${now}, ${now})`.execute(raw);
      }
      await migrateToLatest(db);
      const rows = await db.selectFrom('users').select(['username', 'usernameSkeleton']).orderBy('id').execute();
      expect(rows).toEqual([
        { username: 'olaf', usernameSkeleton: 'olaf' },
        { username: '\u043elaf', usernameSkeleton: null },
        { username: 'karl', usernameSkeleton: 'karl' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
