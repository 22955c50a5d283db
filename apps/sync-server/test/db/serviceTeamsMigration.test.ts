import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { migrationProvider } from '../../src/db/migrations';

describe('migration 2026-11-24_002 (service teams)', () => {
  it('puts the creator and everyone who documented (still a member) on the team; codes for services not archived', async () => {
    const { db } = openDatabase(':memory:');
    try {
      const raw = db.withoutPlugins();
      await new Migrator({ db: raw, provider: migrationProvider }).migrateTo('2026-11-24_001_usernames_invitations');
      const now = new Date().toISOString();
      for (const name of ['olga', 'mona', 'max', 'lea']) {
        await sql`insert into users (username, username_key, password_hash, created_at, updated_at) values (${name}, ${name}, 'x', ${now}, ${now})`.execute(raw);
      }
      await sql`insert into organizations (id, name, created_at, sealing_public_key, signing_public_key, key_fingerprint) values (1, 'DRK', ${now}, 'a', 'b', 'c')`.execute(raw);
      // Olga (1) owner, Mona (2) and Max (3) members; Lea (4) documented once and has left.
      await sql`insert into organization_members (user_id, organization_id, role, created_at) values (1, 1, 'owner', ${now}), (2, 1, 'member', ${now}), (3, 1, 'member', ${now})`.execute(raw);
      const service = (id: string, status: string) =>
        sql`insert into services (id, organization_id, name, location, start_date, end_date, status, created_by_id, created_at, updated_at, version)
          values (${id}, 1, ${id}, 'Platz', ${now}, ${now}, ${status}, 1, ${now}, ${now}, 1)`.execute(raw);
      await service('s-open', 'active');
      await service('s-archived', 'archived');
      await sql`insert into patient_protocols (id, service_id, organization_id, service_protocol_number, treated_by_id, created_at, received_at, updated_at, version)
        values ('p1', 's-open', 1, 1, 2, ${now}, ${now}, ${now}, 2)`.execute(raw);
      await sql`insert into minor_treatments (id, service_id, organization_id, patient_name_enc, description, treated_by_id, created_at, received_at, version)
        values ('t1', 's-open', 1, 'x', 'Pflaster', 4, ${now}, ${now}, 3), ('t2', 's-archived', 1, 'x', 'Pflaster', 3, ${now}, ${now}, 4)`.execute(raw);
      await sql`update sync_state set version = 4`.execute(raw);

      await migrateToLatest(db);
      const team = await db.selectFrom('serviceTeamMembers').select(['serviceId', 'userId', 'method', 'version']).orderBy('serviceId').orderBy('userId').execute();
      expect(team.map(({ serviceId, userId, method }) => ({ serviceId, userId, method }))).toEqual([
        { serviceId: 's-archived', userId: 1, method: 'creator' },
        { serviceId: 's-archived', userId: 3, method: 'assigned' },
        { serviceId: 's-open', userId: 1, method: 'creator' },
        { serviceId: 's-open', userId: 2, method: 'assigned' },
      ]);
      const services = await db.selectFrom('services').select(['id', 'accessCode', 'version']).orderBy('id').execute();
      expect(services.find((s) => s.id === 's-archived')?.accessCode).toBeNull();
      expect(services.find((s) => s.id === 's-open')?.accessCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const versions = [...team.map((t) => t.version), ...services.map((s) => s.version)].filter((v) => v > 4);
      expect(new Set(versions).size).toBe(5);
      const { version } = await db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
      expect(version).toBe(Math.max(...versions));
    } finally {
      await db.destroy();
    }
  });
});
