import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { migrationProvider } from '../../src/db/migrations';

describe('migration 2026-11-28_040 (record revisions pulled by version)', () => {
  it('gives every stored revision its own version above the counter, so every device pulls the history once', async () => {
    const { db } = openDatabase(':memory:');
    try {
      const raw = db.withoutPlugins();
      await new Migrator({ db: raw, provider: migrationProvider }).migrateTo('2026-11-28_002_record_history');
      const now = new Date().toISOString();
      await sql`insert into organizations (id, name, created_at, sealing_public_key, signing_public_key, key_fingerprint) values (1, 'DRK', ${now}, 'a', 'b', 'c')`.execute(raw);
      // Two fields of one write share its version as their sequence.
      for (const field of ['symptoms', 'allergies']) {
        await sql`insert into record_revisions (organization_id, protocol_id, entity, entity_id, field, old_value, new_value, user_id, device_id, changed_at, sequence, created_at)
          values (1, null, 'protocol', 'p1', ${field}, null, 'v1.x', null, null, ${now}, 7, ${now})`.execute(raw);
      }
      await sql`update sync_state set version = 9`.execute(raw);

      await migrateToLatest(db);
      const rows = await db.selectFrom('recordRevisions').select(['sequence', 'version']).orderBy('id').execute();
      expect(rows.map((row) => row.sequence)).toEqual([7, 7]);
      expect(rows.map((row) => row.version)).toEqual([10, 11]);
      const { version } = await db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
      expect(version).toBe(11);
    } finally {
      await db.destroy();
    }
  });
});
