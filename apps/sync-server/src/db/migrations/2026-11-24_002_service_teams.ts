import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** A frozen copy of the readable alphabet of packages/crypto/src/random.ts as it was when this shipped. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const readable = (length: number) => Array.from({ length }, () => alphabet.charAt(randomInt(alphabet.length))).join('');

export async function up(db: Kysely<unknown>): Promise<void> {
  // Service teams (docs/security.md "Patient data follows the team"). Synced like the
  // other tables: (organization_id, version) is what every pull probes (domain/sync/sources.ts).
  await db.schema
    .createTable('service_team_members')
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_team_members_pk', ['service_id', 'user_id'])
    .execute();
  await db.schema.createIndex('service_team_members_org_version').on('service_team_members').columns(['organization_id', 'version']).execute();
  await db.schema.createIndex('service_team_members_user').on('service_team_members').column('user_id').execute();
  // A pull's team scope starts from the services that may still be in their patient-data window
  // (domain/serviceTeams/queries.ts): by organisation and end date.
  await db.schema.createIndex('services_org_end').on('services').columns(['organization_id', 'end_date']).execute();

  // Backfill (docs/decisions.md "Service teams: who is on a team after the upgrade"): the creator
  // and everyone who documented on the service, as long as they are still members of its
  // organisation, so nobody loses what they worked on.
  const rows = await sql<{ serviceId: string; userId: number; organizationId: number; method: string }>`
    select s.id as "serviceId", w.user_id as "userId", s.organization_id as "organizationId", min(w.method) as method
    from services s
    join (
      select id as service_id, created_by_id as user_id, 'creator' as method from services
      union all select service_id, treated_by_id, 'zassigned' from patient_protocols
      union all select service_id, treated_by_id, 'zassigned' from minor_treatments
      union all select p.service_id, v.recorded_by_id, 'zassigned' from vital_sign_records v join patient_protocols p on p.id = v.protocol_id
      union all select p.service_id, e.recorded_by_id, 'zassigned' from treatment_entries e join patient_protocols p on p.id = e.protocol_id
    ) w on w.service_id = s.id
    join organization_members m on m.organization_id = s.organization_id and m.user_id = w.user_id
    group by s.id, w.user_id
    order by s.id, w.user_id`.execute(db);
  const state = await sql<{ version: number }>`select version from sync_state where id = 1`.execute(db);
  let version = state.rows[0]?.version ?? 0;
  const now = new Date().toISOString();
  for (const row of rows.rows) {
    version += 1;
    const method = row.method === 'creator' ? 'creator' : 'assigned';
    await sql`insert into service_team_members (service_id, user_id, organization_id, added_by, added_at, method, version)
      values (${row.serviceId}, ${row.userId}, ${row.organizationId}, null, ${now}, ${method}, ${version})`.execute(db);
  }

  // Every service that is not archived gets an access code, so that its QR code works
  // (docs/decisions.md "Access code"). A version bump sends the code to the team's devices.
  const withoutCode = await sql<{ id: string }>`select id from services where access_code is null and status <> 'archived'`.execute(db);
  for (const service of withoutCode.rows) {
    version += 1;
    await sql`update services set access_code = ${`${readable(4)}-${readable(4)}`}, version = ${version} where id = ${service.id}`.execute(db);
  }
  await sql`update sync_state set version = ${version} where id = 1`.execute(db);
}
